import { CircleCheck } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function OrderSuccessPage() {
  return (
    <div>
      <PageHeader title="Order placed" description="Thank you for your order." />
      <EmptyState icon={CircleCheck} title="No recent order">
        Your order confirmation appears here after checkout.
      </EmptyState>
    </div>
  );
}
