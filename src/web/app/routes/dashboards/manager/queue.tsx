import { Warehouse } from 'lucide-react';
import { useCallback } from 'react';
import type { StaffFeedEvent } from '@/shared/contracts/staff';
import { managerCopy } from '@/shared/staff-copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { OrderQueue } from '@/web/features/manager/components/order-queue';
import { useManagedWarehouses } from '@/web/features/manager/hooks/use-managed-warehouses';
import { AttentionBanner } from '@/web/features/staff/components/attention-banner';
import { useAttention } from '@/web/features/staff/hooks/use-attention';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';

/** The live order queue: every order event refreshes it, and a new order is announced until acknowledged or moved on. */
export function ManagerDashboardPage() {
  const { warehouses, actor } = useManagedWarehouses();
  const attention = useAttention();
  const { announce, acknowledge } = attention;
  const onEvent = useCallback(
    (event: StaffFeedEvent) => {
      if (event.status === 'placed') announce({ id: event.orderId, title: managerCopy.queue.newOrder(event.orderNumber), href: paths.managerOrder(event.orderId) });
      // Once the order moves on (confirmed here or in another browser, or cancelled) it is no longer new.
      else acknowledge(event.orderId);
    },
    [announce, acknowledge],
  );
  const live = useStaffFeed(onEvent);
  if (!actor) return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <PageHeader title={managerCopy.queue.title} description={managerCopy.queue.description} />
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
      {warehouses.length === 0 ? <EmptyState icon={Warehouse} title={managerCopy.noWarehouse} /> : <OrderQueue warehouses={warehouses} actor={actor} live={live} />}
    </div>
  );
}
