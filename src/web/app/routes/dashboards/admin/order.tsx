import { adminCopy } from '@/shared/staff-copy';
import { paths } from '@/web/config/paths';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

export function AdminOrderPage() {
  return <StaffOrderPage backTo={paths.adminOrders} backLabel={adminCopy.orders.back} />;
}
