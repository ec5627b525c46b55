import { kitchenCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

export function KitchenOrderPage() {
  return <StaffOrderPage backTo={paths.cloudKitchen} backLabel={kitchenCopy.orders.back} />;
}
