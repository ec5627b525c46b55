import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { createLocalStore } from './local-store';

const store = createLocalStore('freshcart.test-count', z.number(), 0);

function Reader({ name }: { name: string }) {
  return <p>{`${name}: ${store.use()}`}</p>;
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('createLocalStore', () => {
  it('follows another tab with one storage listener, however many components read it', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const view = render(
      <>
        {['a', 'b', 'c', 'd'].map((name) => (
          <Reader key={name} name={name} />
        ))}
      </>,
    );
    expect(added.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);

    // Another tab writes the key: the browser updates storage, then fires `storage` here.
    localStorage.setItem(store.key, '5');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: store.key })));
    for (const name of ['a', 'b', 'c', 'd']) expect(screen.getByText(`${name}: 5`)).toBeInTheDocument();

    // Another key changes nothing here.
    localStorage.setItem(store.key, '6');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'freshcart.other' })));
    expect(screen.getByText('a: 5')).toBeInTheDocument();

    view.unmount();
    expect(removed.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);
  });

  it('tells every reader of a write in this tab, and falls back when the stored value is not valid', () => {
    render(<Reader name="count" />);
    act(() => store.write(3));
    expect(screen.getByText('count: 3')).toBeInTheDocument();
    localStorage.setItem(store.key, '"three"');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: store.key })));
    expect(screen.getByText('count: 0')).toBeInTheDocument();
  });
});
