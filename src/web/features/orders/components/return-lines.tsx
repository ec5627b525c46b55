import type { ReturnRequest } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';

/**
 * The lines of a return or refund request: quantity, name and the amount asked for each, then the tax
 * the request gives back with them (what its amount holds beyond the lines).
 */
export function ReturnLines({ lines, amount }: { lines: ReturnRequest['lines']; amount: number }) {
  const tax = amount - lines.reduce((total, line) => total + line.amount, 0);
  return (
    <ul className="grid gap-1">
      {lines.map((line) => (
        <li key={line.orderLineId} className="flex justify-between gap-2">
          <span className="min-w-0 break-words">
            {line.quantity} × {line.name}
          </span>
          <span className="tabular-nums">{formatMoney(line.amount)}</span>
        </li>
      ))}
      {tax > 0 ? (
        <li className="flex justify-between gap-2 text-muted-foreground">
          <span>{orderCopy.returns.taxOnItems}</span>
          <span className="tabular-nums">{formatMoney(tax)}</span>
        </li>
      ) : null}
    </ul>
  );
}
