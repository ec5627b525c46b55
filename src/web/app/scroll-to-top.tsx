import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route change starts at the top of the page; an #anchor scrolls to its section instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
