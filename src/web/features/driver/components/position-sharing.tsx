import { LocateFixed, LocateOff } from 'lucide-react';
import { driverCopy } from '@/shared/staff-copy';
import { cn } from '@/web/lib/cn';
import { useSharePosition, type SharingState } from '../hooks/use-share-position';

const messages: Record<SharingState, string> = {
  starting: driverCopy.sharing.starting,
  on: driverCopy.sharing.on,
  denied: driverCopy.sharing.denied,
  unavailable: driverCopy.sharing.unavailable,
  insecure: driverCopy.sharing.insecure,
  unsupported: driverCopy.sharing.unsupported,
};

/**
 * Shares the driver's position for this delivery while shown, and says whether it does; stops, and
 * `onReassigned` hears of it, once the delivery was given to another driver.
 */
export function PositionSharing({ orderId, onReassigned }: { orderId: string; onReassigned: () => void }) {
  const state = useSharePosition(orderId, onReassigned);
  const failed = state !== 'starting' && state !== 'on';
  const Icon = failed ? LocateOff : LocateFixed;
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-md border p-2 text-sm font-medium',
        failed ? 'border-red-700 bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300' : 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-50',
      )}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', state === 'on' && 'animate-pulse')} aria-hidden />
      {messages[state]}
    </p>
  );
}
