import { useSearchParams } from 'react-router';
import { OrderConfirmation } from '@/web/features/checkout/components/order-confirmation';

export function OrderSuccessPage() {
  const [params] = useSearchParams();
  // Card orders still to be paid: pass `renderCardPayment` with the payments feature's card form here.
  return <OrderConfirmation orderId={params.get('order')} />;
}
