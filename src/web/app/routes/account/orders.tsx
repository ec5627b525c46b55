import { Package } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function OrdersPage() {
  return (
    <div>
      <PageHeader title="My Orders" description="Your recent and past orders." />
      <EmptyState icon={Package} title="No orders yet">
        Orders you place appear here.
      </EmptyState>
    </div>
  );
}
