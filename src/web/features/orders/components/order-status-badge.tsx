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

/** An order's status; a refunded order whose payment was refunded only in part (`partlyRefunded`) reads so. */
export function OrderStatusBadge({ status, partlyRefunded = false }: { status: OrderStatus; partlyRefunded?: boolean }) {
  return <Badge tone={tones[status]}>{orderStatusLabel(status, partlyRefunded)}</Badge>;
}
