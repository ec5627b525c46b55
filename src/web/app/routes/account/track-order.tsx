import { Truck } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function TrackOrderPage() {
  return (
    <div>
      <PageHeader title="Track Order" description="Follow your delivery as it happens." />
      <EmptyState icon={Truck} title="No order to track">
        Orders on their way appear here with live status.
      </EmptyState>
    </div>
  );
}
