import type { MouseEvent } from 'react';
import { a11yCopy } from '@/shared/copy';

export const mainContentId = 'main-content';

/**
 * The first stop of the keyboard on every page: hidden until focused, it moves focus to the page's main
 * content so the header's controls need not be tabbed through. Focus is moved by hand, without a hash in
 * the address (the router would treat it as a navigation).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href={`#${mainContentId}`}
      onClick={skip}
      className="sr-only z-[100] rounded-md bg-background font-medium text-foreground shadow-lg ring-[3px] ring-ring focus-visible:not-sr-only focus-visible:fixed focus-visible:top-2 focus-visible:left-2 focus-visible:px-4 focus-visible:py-3"
    >
      {a11yCopy.skipToContent}
    </a>
  );
}
