import { screen } from '@testing-library/react';
import { toast } from '@/web/lib/toast';
import { describe, expect, it } from 'vitest';
import { expectToast, renderApp } from './render-app';

describe('expectToast', () => {
  it("resolves once the app's toaster shows the toast, faded in", async () => {
    renderApp(<p>Your basket</p>);
    toast.success('Saved');

    const shown = await expectToast('Saved');

    expect(shown).toHaveTextContent('Saved');
    expect(shown).toBeVisible();
    const item = shown.closest('[data-sonner-toast]');
    // Faded in: sonner's mount effect has run, so the toast is no longer at its starting opacity of 0.
    expect(item).toHaveAttribute('data-mounted', 'true');
    expect(getComputedStyle(item as HTMLElement).opacity).toBe('1');
    expect(screen.getByRole('region', { name: 'Notifications alt+T' })).toContainElement(shown);
  });

  it('does not take a toast that is in the page but not showing', async () => {
    renderApp(<p>Your basket</p>);
    toast.success('Lasagna saved');
    toast.success('Churros saved');
    await expectToast('Churros saved');

    // The older toast is tucked behind the newer one: there, but its text transparent.
    expect(screen.getByText('Lasagna saved')).toBeInTheDocument();
    expect(screen.getByText('Lasagna saved')).not.toBeVisible();
    await expect(expectToast('Lasagna saved', { timeout: 300 })).rejects.toThrow();
  });

  it('does not take the same words outside the toaster', async () => {
    renderApp(<p>Saved</p>);
    expect(await screen.findByText('Saved')).toBeVisible();

    await expect(expectToast('Saved', { timeout: 300 })).rejects.toThrow();
  });
});
