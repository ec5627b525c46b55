import { ShoppingCart } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function CheckoutPage() {
  return (
    <div>
      <PageHeader title="Checkout" description="Review your order and choose how to pay." />
      <EmptyState icon={ShoppingCart} title="Your cart is empty">
        Add products to your cart before checking out.
      </EmptyState>
    </div>
  );
}
