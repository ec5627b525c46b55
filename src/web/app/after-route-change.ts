import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Runs `run` after each route change to another page. The page the app opens on is left where the
 * browser put it, and an #anchor to its section: the browser handles both.
 */
export function useAfterRouteChange(run: () => void) {
  const { pathname, hash } = useLocation();
  const opened = useRef(false);
  const onChange = useEffectEvent(run);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (hash) return;
    onChange();
  }, [pathname, hash]);
}
