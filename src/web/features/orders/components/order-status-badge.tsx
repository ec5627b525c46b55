import { orderStatusLabel } from '@/shared/copy';
import type { OrderStatus } from '@/shared/order-status';
import { Badge } from '@/web/components/ui/badge';

const tones: Record<OrderStatus, 'success' | 'muted' | 'danger' | 'warning' | 'deal'> = {
  placed: 'muted',
  confirmed: 'deal',
  processing: 'deal',
  ready: 'deal',
  out_for_delivery: 'warning',
  delivered: 'success',
  cancelled: 'danger',
  refund_requested: 'warning',
  refunded: 'muted',
  refund_rejected: 'danger',
};

/** An order's status; a refunded order that can still take a return (`returnable`) was refunded only in part. */
export function OrderStatusBadge({ status, returnable = false }: { status: OrderStatus; returnable?: boolean }) {
  return <Badge tone={tones[status]}>{orderStatusLabel(status, returnable)}</Badge>;
}
