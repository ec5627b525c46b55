import type { ReactNode } from 'react';
import { checkoutCopy } from '@/shared/copy';
import type { OrderTotals } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';
import { cn } from '@/web/lib/cn';

/** The totals exactly as the server priced them; nothing here is added up on the client. */
export function OrderSummary({ totals, updating, children, className }: { totals: OrderTotals; updating: boolean; children?: ReactNode; className?: string }) {
  const savings = (['discounts', 'bundles', 'deals'] as const).filter((kind) => totals.savings[kind] > 0);
  return (
    <section aria-label={checkoutCopy.summary} aria-busy={updating} className={cn('grid gap-4 rounded-xl border bg-card p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{checkoutCopy.summary}</h2>
        {updating ? (
          <span role="status" className="text-xs text-muted-foreground">
            {checkoutCopy.updating}
          </span>
        ) : null}
      </div>
      <dl className={cn('grid grid-cols-[1fr_auto] gap-y-1.5 text-sm transition-opacity', updating && 'opacity-60')}>
        <Row label={checkoutCopy.subtotal} value={formatMoney(totals.subtotal)} />
        {savings.map((kind) => (
          <Row key={kind} label={checkoutCopy.savings[kind]} value={formatMoney(totals.savings[kind])} className="text-emerald-700 dark:text-emerald-300" />
        ))}
        <Row label={checkoutCopy.serviceFee} value={formatMoney(totals.serviceFee)} />
        <Row label={checkoutCopy.deliveryFee} value={totals.deliveryFee === 0 ? checkoutCopy.free : formatMoney(totals.deliveryFee)} />
        <Row label={checkoutCopy.tax} value={formatMoney(totals.taxAmount)} />
        <Row label={checkoutCopy.tipLine} value={formatMoney(totals.tip)} />
        <div className="contents text-base font-semibold">
          <dt className="pt-2">{checkoutCopy.total}</dt>
          <dd className="pt-2 text-right tabular-nums" data-testid="checkout-total">
            {formatMoney(totals.totalAmount)}
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('contents', className)}>
      <dt className={className ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}
