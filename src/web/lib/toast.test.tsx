import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast, renderApp } from '@/web/test/render-app';
import { toast } from './toast';

describe('toasts asked for before sonner is in', () => {
  it('show once the toaster has loaded, and a dismissal asked for after its toast still dismisses it', async () => {
    renderApp(<p>Your basket</p>);
    // The app has asked for the toaster, which has not arrived: nothing has loaded sonner yet in this file.
    expect(screen.queryByRole('region', { name: 'Notifications alt+T' })).not.toBeInTheDocument();
    toast.warning('Shown');
    toast.success('Dismissed', { id: 'gone' });
    toast.dismiss('gone');

    expect(await expectToast('Shown')).toBeVisible();
    expect(screen.queryByText('Dismissed')).not.toBeInTheDocument();
  });
});
