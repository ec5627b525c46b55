import { managerCopy } from '@/shared/staff-copy';
import { paths } from '@/web/config/paths';
import { ManagerOrderActions } from '@/web/features/manager/components/manager-order-actions';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

/** One order of the manager's warehouses: its lines, customer, address, payment and timeline, and the next step the server allows. */
export function ManagerOrderPage() {
  return (
    <StaffOrderPage
      backTo={paths.manager}
      backLabel={managerCopy.queue.back}
      actions={(order) => (
        <ManagerOrderActions
          order={{ ...order, driverProfileId: order.driver?.profileId ?? null }}
          transitions={order.actions.transitions}
          assignDriver={order.actions.assignDriver}
        />
      )}
    />
  );
}
