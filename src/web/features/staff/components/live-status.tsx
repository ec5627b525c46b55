import { staffCopy } from '@/shared/staff-copy';
import type { StreamState } from '@/web/lib/event-stream';
import { cn } from '@/web/lib/cn';

/** Whether the queue on screen is live, so nobody trusts a list that stopped updating. */
export function LiveStatus({ state }: { state: StreamState }) {
  const live = state === 'open';
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span aria-hidden className={cn('size-2 rounded-full', live ? 'bg-green-500' : 'animate-pulse bg-amber-500')} />
      {live ? staffCopy.live.open : staffCopy.live.reconnecting}
    </span>
  );
}
