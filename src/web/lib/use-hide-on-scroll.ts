import { useEffect, useState } from 'react';

/** Pixels scrolled in one direction before the answer changes, so a jittery finger does not flicker it. */
const SCROLL_SLACK = 8;
/** Near the top of the page, or at its very end, the answer is always "shown". */
const TOP_EDGE = 80;
const BOTTOM_EDGE = 2;

/**
 * Whether something floating over the page should step aside: true while the reader scrolls down
 * through the content, false again as soon as they scroll up or reach either end of the page (where
 * the page leaves room for it). A new `page` (another route) starts shown.
 */
export function useHideOnScrollDown(page: string): boolean {
  // The page it was hidden on: hiding on one page says nothing about the next.
  const [hiddenOn, setHiddenOn] = useState<string | null>(null);
  useEffect(() => {
    // From the first scroll on: reading the position before would make the browser lay out the page at once.
    let last: number | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (last === undefined) {
        last = y;
        return;
      }
      const atEdge = y < TOP_EDGE || y + window.innerHeight >= document.documentElement.scrollHeight - BOTTOM_EDGE;
      if (atEdge) setHiddenOn(null);
      else if (y - last > SCROLL_SLACK) setHiddenOn(page);
      else if (last - y > SCROLL_SLACK) setHiddenOn(null);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [page]);
  return hiddenOn === page;
}
