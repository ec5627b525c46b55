import { BellRing, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { staffCopy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { enableSound, soundBlocked } from '@/web/lib/chime';
import type { Attention } from '../hooks/use-attention';

/** The open alerts, each with its own acknowledgement; nothing when there are none. */
export function AttentionBanner({ items, onAcknowledge, onAcknowledgeAll }: { items: Attention[]; onAcknowledge(id: string): void; onAcknowledgeAll(): void }) {
  const [turnedOn, setTurnedOn] = useState(false);
  if (items.length === 0) return null;
  // Read as each alert comes: any tap on the page since lets the sound play too.
  const muted = !turnedOn && soundBlocked();
  return (
    <section role="alert" aria-label={staffCopy.alerts.label} className="grid gap-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <div className="flex items-center gap-2 font-semibold">
        <BellRing className="size-5 animate-pulse" aria-hidden />
        {staffCopy.alerts.count(items.length)}
        <span className="ml-auto flex flex-wrap gap-2">
          {muted && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                enableSound();
                setTurnedOn(true);
              }}
            >
              <Volume2 aria-hidden />
              {staffCopy.alerts.enableSound}
            </Button>
          )}
          {items.length > 1 && (
            <Button size="sm" variant="outline" onClick={onAcknowledgeAll}>
              {staffCopy.alerts.acknowledgeAll}
            </Button>
          )}
        </span>
      </div>
      <ul className="grid gap-1">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{item.href ? <Link to={item.href} className="underline">{item.title}</Link> : item.title}</span>
            {item.description && <span className="text-sm">{item.description}</span>}
            <Button size="sm" className="ml-auto" onClick={() => onAcknowledge(item.id)} aria-label={`${staffCopy.alerts.acknowledge}: ${item.title}`}>
              {staffCopy.alerts.acknowledge}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
