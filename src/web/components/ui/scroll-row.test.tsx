import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRow } from '@/web/components/ui/scroll-row';
import { FakeIntersectionObserver } from '@/web/test/fake-intersection-observer';

const cards = Array.from({ length: 10 }, (_, index) => `Deal ${index + 1}`);

function Row() {
  return (
    <ScrollRow label="Bundles" eagerCount={4}>
      {cards.map((name) => (
        <button key={name} type="button">
          {name}
        </button>
      ))}
    </ScrollRow>
  );
}

/** requestIdleCallback held until the test says the browser is idle. */
let idleCallbacks: (() => void)[] = [];
const browserIdle = () => {
  const callbacks = idleCallbacks;
  idleCallbacks = [];
  for (const callback of callbacks) callback();
};

describe('ScrollRow with eagerCount', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    idleCallbacks = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the first cards at once and every card once the row comes near the screen', async () => {
    render(<Row />);
    const row = screen.getByRole('list', { name: 'Bundles' });
    expect(within(row).getAllByRole('button').map((card) => card.textContent)).toEqual(cards.slice(0, 4));
    await act(async () => FakeIntersectionObserver.scrollNear());
    expect(within(row).getAllByRole('button').map((card) => card.textContent)).toEqual(cards);
  });

  it('renders the rest a few at a time while the browser is idle, so every card is in the page without scrolling', async () => {
    render(<Row />);
    const row = screen.getByRole('list', { name: 'Bundles' });
    const names = () => within(row).getAllByRole('button').map((card) => card.textContent);
    expect(names()).toEqual(cards.slice(0, 4));
    await act(async () => browserIdle());
    expect(names()).toEqual(cards.slice(0, 8));
    await act(async () => browserIdle());
    expect(names()).toEqual(cards);
  });

  it('renders every card as soon as the keyboard enters the row, so Tab walks through all of them', async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Deal 1' })).toHaveFocus();
    for (let index = 2; index <= cards.length; index++) {
      await user.tab();
      expect(screen.getByRole('button', { name: `Deal ${index}` })).toHaveFocus();
    }
  });

  it('renders every card where the browser cannot tell what is near the screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Row />);
    expect(within(screen.getByRole('list', { name: 'Bundles' })).getAllByRole('listitem')).toHaveLength(cards.length);
  });
});
