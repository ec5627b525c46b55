import type { ReturnRequest } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';

/** The lines of a return or refund request: quantity, name and the amount asked for each. */
export function ReturnLines({ lines }: { lines: ReturnRequest['lines'] }) {
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
    </ul>
  );
}
