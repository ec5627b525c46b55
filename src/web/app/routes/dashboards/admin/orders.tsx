import { adminCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { paths } from '@/web/config/paths';
import { AdminOrders } from '@/web/features/admin/components/admin-orders';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';

export function AdminOrdersPage() {
  const live = useStaffFeed();
  return (
    <div className="grid gap-6">
      <PageHeader title={adminCopy.orders.title} description={adminCopy.orders.description} />
      <AdminOrders orderHref={paths.adminOrder} live={live} />
    </div>
  );
}
