import { useCallback, useEffect, useState } from 'react';
import { playChime } from '@/web/lib/chime';

/** Something staff must see and acknowledge: a new order, a new escalation. */
export interface Attention {
  id: string;
  title: string;
  description?: string;
  /** Where to deal with it. */
  href?: string;
}

/** How often the alert sounds again while anything is unacknowledged. */
export const REPEAT_MS = 10_000;

/**
 * Alerts that stay until someone acknowledges them: a chime at once and again every REPEAT_MS while
 * any is open, and the count in the tab's title, so a new order is noticed across the room and in a
 * background tab.
 */
export function useAttention(options: { chime?: () => void } = {}) {
  const chime = options.chime ?? playChime;
  const [items, setItems] = useState<Attention[]>([]);

  const announce = useCallback((item: Attention) => {
    setItems((current) => (current.some((open) => open.id === item.id) ? current : [...current, item]));
  }, []);
  const acknowledge = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const acknowledgeAll = useCallback(() => setItems([]), []);

  const open = items.length > 0;
  useEffect(() => {
    if (!open) return;
    chime();
    const timer = setInterval(chime, REPEAT_MS);
    return () => clearInterval(timer);
  }, [open, chime]);

  useEffect(() => {
    if (items.length === 0) return;
    const title = document.title;
    document.title = `(${items.length}) ${title}`;
    return () => {
      document.title = title;
    };
  }, [items.length]);

  return { items, announce, acknowledge, acknowledgeAll };
}
