import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { expectToast, renderApp } from '@/web/test/render-app';

const toasterChunk = vi.hoisted(() => ({ failuresLeft: 0, requests: 0 }));

// The toaster's chunk as the browser fetches it: the test decides whether a request is lost.
vi.mock('./themed-toaster', async (importOriginal) => {
  toasterChunk.requests += 1;
  if (toasterChunk.failuresLeft > 0) {
    toasterChunk.failuresLeft -= 1;
    throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/themed-toaster.js');
  }
  return importOriginal();
});

describe('the toaster', () => {
  it('whose chunk failed to arrive while online is fetched again for the next toast, which shows', async () => {
    toasterChunk.failuresLeft = 1;
    renderApp(<p>Your basket</p>);
    await waitFor(() => expect(toasterChunk.requests).toBe(1));
    // The failure has been handled: no toaster on the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Notifications alt+T' })).not.toBeInTheDocument();

    toast.success('Added to cart');
    expect(await expectToast('Added to cart')).toBeVisible();
    expect(toasterChunk.requests).toBe(2);
  });
});
