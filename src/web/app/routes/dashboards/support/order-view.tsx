import { supportCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

export function SupportOrderPage() {
  return <StaffOrderPage backTo={paths.supportOrders} backLabel={supportCopy.order.back} />;
}
