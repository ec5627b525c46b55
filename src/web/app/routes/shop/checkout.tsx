import { copy } from '@/shared/copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { CheckoutView } from '@/web/features/checkout/components/checkout-view';

export function CheckoutPage() {
  return (
    <div>
      <PageHeader title={copy.checkout.title} description={copy.checkout.description} />
      <CheckoutView />
    </div>
  );
}
