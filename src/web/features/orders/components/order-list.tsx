import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight, Package } from 'lucide-react';
import { Link } from 'react-router';
import type { OrderSummary } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { ordersQuery } from '../api/order-queries';
import { formatDateTime, formatRelative } from '@/web/lib/format-time';
import { OrderStatusBadge } from './order-status-badge';

/** The customer's orders, newest first, a page at a time. */
export function OrderList() {
  const orders = useInfiniteQuery(ordersQuery);

  if (orders.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={orderCopy.loading.orders}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (!orders.data) return <QueryError title={orderCopy.list.loadError} error={orders.error} onRetry={() => void orders.refetch()} />;

  const list = orders.data.pages.flatMap((page) => page.orders);
  if (list.length === 0) {
    return (
      <EmptyState icon={Package} title={orderCopy.list.emptyTitle}>
        <p>{orderCopy.list.emptyBody}</p>
        <Button asChild className="mt-4">
          <Link to={paths.products}>{orderCopy.list.shop}</Link>
        </Button>
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={orderCopy.list.title}>
        {list.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      {orders.isFetchNextPageError ? <QueryError compact error={orders.error} onRetry={() => void orders.fetchNextPage()} /> : null}
      {orders.hasNextPage && !orders.isFetchNextPageError ? (
        <Button variant="outline" className="justify-self-center" busy={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
          {orders.isFetchingNextPage ? orderCopy.list.loadingMore : orderCopy.list.loadMore}
        </Button>
      ) : null}
    </div>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  return (
    <Link
      to={paths.order(order.id)}
      className="group grid grid-cols-[1fr_auto] items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{order.orderNumber}</span>
          <OrderStatusBadge status={order.status} partlyRefunded={order.partlyRefunded} />
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {order.sourceName} · {orderCopy.detail.itemCount(order.itemCount)}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={order.placedAt} title={formatDateTime(order.placedAt, order.timeZone)}>
            {formatRelative(order.placedAt, order.timeZone)}
          </time>
          <span> · {formatDateTime(order.placedAt, order.timeZone)}</span>
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold tabular-nums">{formatMoney(order.totalAmount)}</span>
        <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
      </div>
    </Link>
  );
}
