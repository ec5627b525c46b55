import { orderCopy } from '@/shared/copy';
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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderCopy.statuses[status]}</Badge>;
}
