import { useQuery } from '@tanstack/react-query';
import { ChefHat } from 'lucide-react';
import { Link } from 'react-router';
import type { Actor } from '@/shared/access';
import type { StaffOrderRow } from '@/shared/contracts/staff';
import { kitchenCopy, orderCopy } from '@/shared/copy';
import { allowedTransitions } from '@/shared/order-status';
import { staffOrderCopy } from '@/shared/staff-copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent } from '@/web/components/ui/card';
import { Price } from '@/web/components/ui/price';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { kitchenDishesQuery, kitchenProfileQuery } from '@/web/features/kitchens/api/kitchen-operator';
import { KitchenOrderActions } from '@/web/features/kitchens/components/kitchen-order-actions';
import { KitchenSetupChecklist } from '@/web/features/kitchens/components/kitchen-setup-checklist';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { AttentionBanner } from '@/web/features/staff/components/attention-banner';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import { useAttention } from '@/web/features/staff/hooks/use-attention';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';
import { dayLabel, formatTime, formatWindow } from '@/web/lib/format-time';
import { useAuth } from '@/web/lib/session';

const text = kitchenCopy.orders;

function OrderCard({ order, actor, onDeclined }: { order: StaffOrderRow; actor: Actor; onDeclined(): void }) {
  const allowed = allowedTransitions({
    viewer: actor,
    order: {
      type: order.type,
      status: order.status,
      customerProfileId: order.customer.profileId,
      warehouseId: order.warehouse.id,
      kitchenId: order.kitchen?.id ?? null,
      driverProfileId: order.driver?.profileId ?? null,
    },
  });
  // The kitchen may cancel only what it has not accepted yet: declining it.
  const declinable = allowed.includes('cancelled');
  const { windowStart, windowEnd, estimatedAt } = order.delivery;
  const due =
    windowStart && windowEnd
      ? text.deliverIn(dayLabel(windowStart, order.timeZone), formatWindow({ start: windowStart, end: windowEnd }, order.timeZone))
      : text.deliverBy(formatTime(estimatedAt, order.timeZone));

  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={paths.cloudKitchenOrder(order.id)} className="font-semibold underline-offset-4 hover:underline" aria-label={text.open(order.orderNumber)}>
            {order.orderNumber}
          </Link>
          <Badge tone={order.status === 'placed' ? 'warning' : 'muted'}>{orderCopy.statuses[order.status]}</Badge>
        </div>
        <p className="font-medium">{due}</p>
        <ul className="grid gap-1" aria-label={text.dishes(order.orderNumber)}>
          {order.lines.map((line, index) => (
            <li key={index} className="grid grid-cols-[2.5rem_1fr] gap-2">
              <span className="font-semibold tabular-nums">{line.quantity} ×</span>
              <span className="min-w-0 break-words">{line.name}</span>
            </li>
          ))}
        </ul>
        {order.driverNotes ? (
          <p className="text-sm break-words whitespace-pre-line">
            <span className="text-muted-foreground">{staffOrderCopy.customerNotes}: </span>
            {order.driverNotes}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {order.customer.name} · {text.items(order.itemCount)} · <Price amount={order.totalAmount} />
        </p>
        <KitchenOrderActions order={order} transitions={allowed} declinable={declinable} onDeclined={onDeclined} />
      </CardContent>
    </Card>
  );
}

/** The kitchen's live queue: every new order is announced until someone acknowledges it or it moves on. */
export function KitchenDashboardPage() {
  const auth = useAuth();
  const attention = useAttention();
  const feed = useStaffFeed((event) => {
    if (event.status === 'placed') attention.announce({ id: event.orderId, title: text.newOrder(event.orderNumber), href: paths.cloudKitchenOrder(event.orderId) });
    // Once the order moves on (accepted here or in another browser, or cancelled) it is no longer new.
    else attention.acknowledge(event.orderId);
  });
  const orders = useQuery(staffOrdersQuery({ view: 'active', pageSize: 50 }));
  // Whose kitchen this is, and what it still needs before customers can order; neither blocks the orders.
  const kitchen = useQuery(kitchenProfileQuery);
  const dishes = useQuery(kitchenDishesQuery);
  if (auth.status !== 'signed-in') return null;
  const { profile } = auth;
  const actor: Actor = { role: profile.role, profileId: profile.id, warehouseIds: profile.warehouseIds, kitchenIds: profile.kitchenIds };

  let body;
  if (orders.isPending) body = <Skeleton className="h-48 w-full" aria-label={kitchenCopy.loading} />;
  else if (orders.isError) body = <QueryError title={text.loadFailed} error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.orders.length === 0) body = <EmptyState icon={ChefHat} title={text.empty} />;
  else
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label={text.title}>
        {orders.data.orders.map((order) => (
          <li key={order.id}>
            {/* A declined order is no longer new: its alert stops at once, before the feed says so too. */}
            <OrderCard order={order} actor={actor} onDeclined={() => attention.acknowledge(order.id)} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid gap-4">
      <div>
        {kitchen.data ? <p className="mb-1 text-sm font-semibold break-words text-primary">{kitchen.data.businessName}</p> : null}
        <PageHeader title={text.title} description={text.description} actions={<LiveStatus state={feed} />} />
      </div>
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
      {kitchen.data && dishes.data ? <KitchenSetupChecklist kitchen={kitchen.data} dishCount={dishes.data.length} /> : null}
      {body}
    </div>
  );
}
