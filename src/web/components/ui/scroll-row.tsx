import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, isValidElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useStagedCount } from '@/web/lib/use-staged-count';
import { copy } from '@/shared/copy';

/**
 * A row of cards that scrolls sideways (swipe on a phone, arrow buttons on a wider screen).
 * Every card stays in the tab order, so keyboard users reach all of them without the buttons.
 *
 * With `eagerCount`, that many cards are rendered at first, and the rest follow when the browser is idle, as
 * many at a time, or all at once when the row comes near the screen or something in it takes the focus: a row
 * below the fold costs the page's start-up only the cards a first look at it shows, in short tasks, and every
 * card is in the page soon after (for find in page and assistive technology, which do not scroll).
 */
export function ScrollRow({
  label,
  children,
  itemClassName,
  eagerCount,
}: {
  label: string;
  children: ReactNode;
  itemClassName?: string;
  eagerCount?: number;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const items = Children.toArray(children);
  const { count, complete, showAll } = useStagedCount(items.length, eagerCount, listRef, { near: 'row' });
  const shown = items.slice(0, count);

  const measure = () => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft <= 4;
    const end = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  };

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    // The observer also reports once on start, which sets the initial state of the arrows.
    const observer = new ResizeObserver(() => measure());
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <div className="relative min-w-0">
      <ul
        ref={listRef}
        aria-label={label}
        onScroll={measure}
        onFocus={complete ? undefined : showAll}
        className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] sm:gap-4"
      >
        {shown.map((child, index) => (
          <li key={isValidElement(child) ? child.key : index} className={cn('flex w-[17rem] shrink-0 snap-start sm:w-72', itemClassName)}>
            {child}
          </li>
        ))}
      </ul>
      {edges.start ? null : (
        <div className="pointer-events-none absolute inset-y-0 -left-3 hidden items-center md:flex">
          <Button variant="outline" size="icon" className="pointer-events-auto rounded-full shadow-md" aria-label={copy.ui.scrollBack(label)} onClick={() => scroll(-1)}>
            <ChevronLeft />
          </Button>
        </div>
      )}
      {edges.end ? null : (
        <div className="pointer-events-none absolute inset-y-0 -right-3 hidden items-center md:flex">
          <Button variant="outline" size="icon" className="pointer-events-auto rounded-full shadow-md" aria-label={copy.ui.scrollForward(label)} onClick={() => scroll(1)}>
            <ChevronRight />
          </Button>
        </div>
      )}
    </div>
  );
}
