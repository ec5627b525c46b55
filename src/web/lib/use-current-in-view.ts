import { useLayoutEffect, useRef } from 'react';

/**
 * For a row of links scrolled sideways (a phone's navigation, tabs): brings the current one
 * (`aria-current="page"`) into view whenever `key` changes, or a page opened from a link or reloaded
 * would not show where it is. Answers the ref for the row.
 */
export function useCurrentInView<T extends HTMLElement>(...keys: unknown[]) {
  const row = useRef<T>(null);
  useLayoutEffect(() => {
    const element = row.current;
    const current = element?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!element || !current) return;
    const [box, link] = [element.getBoundingClientRect(), current.getBoundingClientRect()];
    if (link.left < box.left || link.right > box.right) element.scrollLeft += link.left - box.left - (box.width - link.width) / 2;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller says what moves the current link
  }, keys);
  return row;
}
