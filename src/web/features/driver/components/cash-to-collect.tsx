import { Banknote } from 'lucide-react';
import type { Cents } from '@/shared/money';
import { driverCopy } from '@/shared/staff-copy';

/** What the driver takes from the customer at the door; nothing at all when the server says nothing is due. */
export function CashToCollect({ amount }: { amount: Cents }) {
  if (amount <= 0) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-lg font-bold text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <Banknote className="size-6 shrink-0" aria-hidden />
      {driverCopy.card.collectCash(amount)}
    </p>
  );
}
