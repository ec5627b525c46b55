import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the page the app opens on where the browser put it, and starts each route change at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/products'] });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/cloud-kitchens'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();

    await act(() => router.navigate('/help-center#returns'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
