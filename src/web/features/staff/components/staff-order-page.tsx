import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useStaffFeed } from '../hooks/use-staff-feed';
import { StaffOrderDetail } from './staff-order-detail';

/** An order's page in a staff dashboard, with the way back to the list it was opened from. */
export function StaffOrderPage({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { id = '' } = useParams();
  // The page follows the live feed: a status change made elsewhere shows here at once.
  useStaffFeed();
  return (
    <div className="grid gap-4">
      <Link to={backTo} className="inline-flex min-h-10 w-fit items-center gap-1 text-sm text-primary">
        <ChevronLeft className="size-4" aria-hidden /> {backLabel}
      </Link>
      <StaffOrderDetail key={id} orderId={id} />
    </div>
  );
}
