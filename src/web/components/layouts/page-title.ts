import { useEffect } from 'react';
import { a11yCopy } from '@/shared/copy';

/**
 * Names the page in the browser's tab and history after its heading, while it is shown: a screen reader
 * reads the title, and every page had the home page's. The title before comes back when it goes.
 */
export function usePageTitle(heading: string | undefined) {
  useEffect(() => {
    if (!heading) return;
    const before = document.title;
    document.title = a11yCopy.pageTitle(heading);
    return () => {
      document.title = before;
    };
  }, [heading]);
}
