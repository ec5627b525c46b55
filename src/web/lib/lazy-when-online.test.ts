import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadWhenOnline } from './lazy-when-online';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/cart-sheet-abc.js');

function connection(online: boolean) {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  onTestFinished(() => onLine.mockRestore());
  return onLine;
}

describe('a part of the page loaded on first use', () => {
  it('whose chunk failed offline loads once the connection is back', async () => {
    const onLine = connection(false);
    const load = vi.fn().mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce('loaded');
    const loading = loadWhenOnline(load);
    let settled = false;
    void loading.finally(() => (settled = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again a moment later when the first try after the connection came back fails too', async () => {
    const onLine = connection(false);
    const load = vi.fn().mockRejectedValueOnce(chunkFailure()).mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce('loaded');
    const loading = loadWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('whose chunk failed while online fails, for the route to reload after a deploy', async () => {
    connection(true);
    const failure = chunkFailure();
    const load = vi.fn().mockRejectedValue(failure);
    await expect(loadWhenOnline(load)).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails at once on an error that is not a chunk failing to arrive', async () => {
    connection(false);
    const failure = new Error('module threw');
    await expect(loadWhenOnline(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
