import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * How many items of a long list to render: `step` at first, `step` more whenever the browser is idle, and all of
 * them once the list nears the window or something in the list takes the focus (`showAll`). A list that runs
 * past the fold costs the page's start-up only what a first look shows, in short tasks, and every item is in
 * the page soon after, for find in page and assistive technology, which do not scroll (ADR 060, ADR 061).
 * Without `step`, or without IntersectionObserver, everything renders at once.
 *
 * Nearing is `end` for a list that grows downwards (its last item shown within a quarter screen below the
 * window) and `row` for one that scrolls sideways (the row within a quarter screen above or below: the items
 * it adds are to the right, out of sight until the row is scrolled, so a whole screen ahead would render them
 * with the page on a phone).
 */
export function useStagedCount(total: number, step: number | undefined, listRef: RefObject<HTMLElement | null>, { near = 'end' }: { near?: 'end' | 'row' } = {}) {
  const [count, setCount] = useState(step === undefined || typeof IntersectionObserver === 'undefined' ? Infinity : step);
  const complete = count >= total;

  useEffect(() => {
    const watched = near === 'row' ? listRef.current : listRef.current?.lastElementChild;
    if (complete || !watched || step === undefined) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setCount(Infinity));
      },
      { rootMargin: near === 'row' ? '25% 0px' : '0px 0px 25% 0px' },
    );
    observer.observe(watched);
    const more = () => startTransition(() => setCount((shown) => shown + step));
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(more, { timeout: 3000 }) : undefined;
    const timer = idle === undefined ? setTimeout(more, 200) : undefined;
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [complete, count, step, listRef, near]);

  return { count, complete, showAll: () => setCount(Infinity) };
}
