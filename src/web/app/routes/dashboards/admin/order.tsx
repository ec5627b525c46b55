import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { adminCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { StaffOrderDetail } from '@/web/features/staff/components/staff-order-detail';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';

export function AdminOrderPage() {
  const { id = '' } = useParams();
  // The order's page follows the live feed too: a status change elsewhere shows here at once.
  useStaffFeed();
  return (
    <div className="grid gap-4">
      <Link to={paths.adminOrders} className="inline-flex min-h-10 items-center gap-1 text-sm text-primary">
        <ChevronLeft className="size-4" aria-hidden /> {adminCopy.orders.back}
      </Link>
      <StaffOrderDetail key={id} orderId={id} />
    </div>
  );
}
