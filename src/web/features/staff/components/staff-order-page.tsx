import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '@/shared/contracts/orders';
import { useStaffFeed } from '../hooks/use-staff-feed';
import { StaffOrderDetail } from './staff-order-detail';

/** An order's page in a staff dashboard, with the way back to the list it was opened from and the dashboard's actions on it. */
export function StaffOrderPage({ backTo, backLabel, actions }: { backTo: string; backLabel: string; actions?: (order: Order) => ReactNode }) {
  const { id = '' } = useParams();
  // The page follows the live feed: a status change made elsewhere shows here at once.
  useStaffFeed();
  return (
    <div className="grid gap-4">
      <Link to={backTo} className="inline-flex min-h-10 w-fit items-center gap-1 text-sm text-primary">
        <ChevronLeft className="size-4" aria-hidden /> {backLabel}
      </Link>
      <StaffOrderDetail key={id} orderId={id} actions={actions} />
    </div>
  );
}
