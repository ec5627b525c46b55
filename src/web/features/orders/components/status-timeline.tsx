import { Check } from 'lucide-react';
import type { OrderEvent } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { formatDateTime } from '@/web/lib/format-time';
import { eventActorLabel } from './event-actor';

/**
 * Every status change of an order with its time, who made it and their note; the newest last. An event
 * that keeps the status (a driver assigned) is told by its note, not by the status again. Who made each
 * change reads from the reader's side (`reader`).
 */
export function StatusTimeline({ events, timeZone, reader }: { events: readonly OrderEvent[]; timeZone?: string; reader: 'customer' | 'staff' }) {
  return (
    <ol className="grid gap-0" aria-label={orderCopy.detail.timeline}>
      {events.map((event, index) => {
        const last = index === events.length - 1;
        const sameStatus = index > 0 && events[index - 1]!.status === event.status && event.note !== '';
        return (
          <li key={event.id} className="grid grid-cols-[1.5rem_1fr] gap-3" aria-current={last ? 'step' : undefined}>
            <div className="flex flex-col items-center">
              <span className={`flex size-6 items-center justify-center rounded-full ${last ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground'}`}>
                <Check className="size-3.5" aria-hidden />
              </span>
              {last ? null : <span className="w-px flex-1 bg-border" aria-hidden />}
            </div>
            <div className="grid gap-0.5 pb-4">
              <span className="font-medium break-words">{sameStatus ? event.note : orderCopy.statuses[event.status]}</span>
              <span className="text-sm text-muted-foreground">
                <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> · {eventActorLabel(event, reader)}
              </span>
              {event.note && !sameStatus ? <p className="text-sm break-words whitespace-pre-line">{event.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
