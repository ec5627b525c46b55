import type { Order } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Price } from '@/web/components/ui/price';
import { RateLineDialog } from './rate-line-dialog';

type OrderLine = Order['lines'][number];

/** What a line costs now: the units picked as ordered, plus any substitute's (refunded units cost nothing). */
function lineAmount(line: OrderLine): number {
  const missing = line.fulfilment.quantity;
  return line.unitPrice * (line.quantity - missing) + (line.fulfilment.substitute?.unitPrice ?? 0) * missing;
}

/** The units picked as ordered, at the line's price; those missing read beside it as replaced or refunded. */
function quantityText(line: OrderLine): string {
  const picked = line.quantity - line.fulfilment.quantity;
  const quantity = picked === line.quantity ? orderCopy.detail.quantity(line.quantity) : orderCopy.detail.quantityOfOrdered(picked, line.quantity);
  return `${quantity} × ${formatMoney(line.unitPrice)}`;
}

/**
 * An order's lines as they stand after picking: what each costs now, what replaced or refunded its
 * missing units, and what was returned. The customer's and the staff's order pages both show them so.
 */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="grid divide-y" aria-label={orderCopy.detail.items}>
      {order.lines.map((line) => (
        <li key={line.id} className="grid grid-cols-[4rem_1fr] gap-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[4rem_1fr_auto]">
          <CatalogImage src={line.image} alt="" className="size-16 rounded-md border object-cover" />
          <div className="grid min-w-0 content-start gap-1">
            <p className="font-medium break-words">{line.name}</p>
            <p className="text-sm text-muted-foreground">
              {line.detail ? `${line.detail} · ` : null}
              {quantityText(line)}
            </p>
            {line.substitution ? <p className="text-sm text-muted-foreground">{orderCopy.detail.ifOutOfStock(orderCopy.substitutions[line.substitution])}</p> : null}
            {line.refundedQuantity > 0 ? <p className="text-sm text-muted-foreground">{orderCopy.detail.returnedQuantity(line.refundedQuantity)}</p> : null}
            {line.fulfilment.status === 'substituted' && line.fulfilment.substitute ? (
              <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
                {orderCopy.fulfilment.substituted(line.fulfilment.quantity, line.fulfilment.substitute.name, formatMoney(line.fulfilment.substitute.unitPrice))}
              </p>
            ) : null}
            {line.fulfilment.status === 'refunded' ? (
              <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{orderCopy.fulfilment.refunded(line.fulfilment.quantity)}</p>
            ) : null}
            {order.actions.rate && line.itemType !== 'bundle' ? <RateLineDialog orderId={order.id} line={line} /> : null}
          </div>
          <Price amount={lineAmount(line)} original={line.fulfilment.status === 'as_ordered' ? line.originalPrice * line.quantity : undefined} className="col-start-2 sm:col-start-auto sm:justify-self-end" />
        </li>
      ))}
    </ul>
  );
}
