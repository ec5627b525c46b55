import { checkoutCopy } from '@/shared/copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { CheckoutView } from '@/web/features/checkout/components/checkout-view';

export function CheckoutPage() {
  return (
    <div>
      <PageHeader title={checkoutCopy.title} description={checkoutCopy.description} />
      <CheckoutView />
    </div>
  );
}
