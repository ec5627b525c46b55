import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Every route change starts at the top of the page; an #anchor scrolls to its section instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    // The page the app opens on is where the browser put it: scrolling would only cost a layout.
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
