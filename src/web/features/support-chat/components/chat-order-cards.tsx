import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatOrder } from '@/shared/contracts/support-chat';
import { chatPanelCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { paths } from '@/web/config/paths';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { formatDateTime } from '@/web/lib/format-time';

/** The orders a reply listed: number, status, total, placed time (in the store's clock), each a link to its page. */
export function ChatOrderCards({ orders }: { orders: ChatOrder[] }) {
  return (
    <ul className="grid gap-2" aria-label={chatPanelCopy.ordersLabel}>
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={paths.order(order.id)}
            aria-label={chatPanelCopy.orderCard(order.orderNumber)}
            className="group grid grid-cols-[1fr_auto] items-center gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-colors hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold">{order.orderNumber}</span>
                {/* A card stored before `partlyRefunded` was sent reads as it did then. */}
                <OrderStatusBadge status={order.status} partlyRefunded={order.partlyRefunded ?? order.returnable} />
              </div>
              <p className="text-xs text-muted-foreground">
                <time dateTime={order.placedAt}>{formatDateTime(order.placedAt, order.timeZone)}</time>
                <span> · {chatPanelCopy.itemCount(order.itemCount)}</span>
              </p>
            </div>
            <div className="flex items-center gap-1">
              <span className="text-sm font-semibold tabular-nums">{formatMoney(order.totalAmount)}</span>
              <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
