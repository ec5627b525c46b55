import { useParams } from 'react-router';
import { id as idSchema } from '@/shared/contracts/common';
import { OnlineOnly } from '@/web/features/network/components/offline-notices';
import { OrderDetail } from '@/web/features/orders/components/order-detail';

export function OrderDetailPage() {
  const orderId = useParams().id ?? '';
  return (
    <div className="mx-auto grid w-full max-w-6xl">
      <OnlineOnly>
        <OrderDetail key={orderId} orderId={idSchema.safeParse(orderId).success ? orderId : null} />
      </OnlineOnly>
    </div>
  );
}
