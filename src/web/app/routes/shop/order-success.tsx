import { useSearchParams } from 'react-router';
import { OrderConfirmation } from '@/web/features/checkout/components/order-confirmation';
import { CardPaymentForm } from '@/web/features/payments/components/card-payment-form';

export function OrderSuccessPage() {
  const [params] = useSearchParams();
  // A card order is confirmed here: Stripe's own element takes the card, the webhook marks it paid.
  return <OrderConfirmation orderId={params.get('order')} renderCardPayment={(slot) => <CardPaymentForm {...slot} />} />;
}
