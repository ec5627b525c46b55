import { orderCopy } from '@/shared/copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { OnlineOnly } from '@/web/features/network/components/offline-notices';
import { OrderList } from '@/web/features/orders/components/order-list';

export function OrdersPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl">
      <PageHeader title={orderCopy.list.title} description={orderCopy.list.description} />
      <OnlineOnly>
        <OrderList />
      </OnlineOnly>
    </div>
  );
}
