import { formatMoney } from '@/shared/money';
import { cn } from '@/web/lib/cn';

/** A price in cents as '$12.50', with the original struck through when it is higher. */
export function Price({ amount, original, className }: { amount: number; original?: number; className?: string }) {
  const reduced = original !== undefined && original > amount;
  return (
    <span className={cn('inline-flex items-baseline gap-1.5', className)}>
      <span className={cn('font-semibold tabular-nums', reduced && 'text-primary')}>{formatMoney(amount)}</span>
      {reduced ? (
        <s className="text-xs text-muted-foreground tabular-nums">
          <span className="sr-only">was </span>
          {formatMoney(original)}
        </s>
      ) : null}
    </span>
  );
}
