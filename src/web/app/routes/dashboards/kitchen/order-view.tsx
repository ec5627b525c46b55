import { kitchenCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { KitchenOrderActions } from '@/web/features/kitchens/components/kitchen-order-actions';
import { StaffOrderPage } from '@/web/features/staff/components/staff-order-page';

/** One of the kitchen's orders, with the next step the server allows (accept, decline, start, ready). */
export function KitchenOrderPage() {
  return (
    <StaffOrderPage
      backTo={paths.cloudKitchen}
      backLabel={kitchenCopy.orders.back}
      // Declining is the kitchen's only way to cancel, and only while the order is new.
      actions={(order) => <KitchenOrderActions order={order} transitions={order.actions.transitions} declinable={order.actions.cancel} />}
    />
  );
}
