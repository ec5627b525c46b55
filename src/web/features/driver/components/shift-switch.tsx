import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '@/web/lib/toast';
import { driverCopy } from '@/shared/staff-copy';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { availabilityQuery, useSetAvailability } from '../api/driver-queries';

/** The driver's big on/off shift switch; a refusal (a delivery still to finish) is said as the server says it. */
export function ShiftSwitch() {
  const availability = useQuery(availabilityQuery);
  const setAvailability = useSetAvailability();
  const labelId = useId();

  if (availability.isPending) return <Skeleton className="h-20 w-full rounded-xl" />;
  if (availability.isError) return <QueryError compact error={availability.error} onRetry={() => void availability.refetch()} />;

  const on = availability.data.available;
  const busy = setAvailability.isPending;
  function toggle() {
    if (busy) return;
    setAvailability.mutate(!on, {
      onSuccess: (next) => toast.success(next.available ? driverCopy.shift.wentOn : driverCopy.shift.wentOff),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section
      className={cn(
        'flex items-center justify-between gap-4 rounded-xl border-2 p-4',
        on ? 'border-green-700 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50' : 'bg-card',
      )}
    >
      <div className="grid gap-0.5">
        <span id={labelId} className="text-lg font-bold">
          {driverCopy.shift.label}
        </span>
        <span className="text-sm">{on ? driverCopy.shift.on : driverCopy.shift.off}</span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        // Busy, not disabled, while the change is sent: a disabled switch would drop the keyboard's focus.
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={toggle}
        className={cn(
          'relative inline-flex h-11 w-20 shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring aria-disabled:opacity-60',
          on ? 'border-green-800 bg-green-700' : 'border-zinc-500 bg-zinc-300 dark:bg-zinc-700',
        )}
      >
        <span className={cn('inline-block size-8 rounded-full bg-white shadow transition-transform', on ? 'translate-x-10' : 'translate-x-1')} />
      </button>
    </section>
  );
}
