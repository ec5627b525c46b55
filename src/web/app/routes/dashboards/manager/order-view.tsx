import { managerCopy } from '@/shared/staff-copy';
import { paths } from '@/web/config/paths';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

/** One order of the manager's warehouses: its lines, customer, address, payment and timeline. */
export function ManagerOrderPage() {
  return <StaffOrderPage backTo={paths.manager} backLabel={managerCopy.queue.back} />;
}
