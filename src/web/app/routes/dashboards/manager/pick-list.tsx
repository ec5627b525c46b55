import { useSearchParams } from 'react-router';
import { managerCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PickList } from '@/web/features/manager/components/pick-list';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';

/** The chosen orders live in the address (`?orders=a,b`), so a pick list can be shared and reopened. */
export function ManagerPickListPage() {
  const [params, setParams] = useSearchParams();
  const orderIds = (params.get('orders') ?? '').split(',').filter(Boolean);
  useStaffFeed();
  return (
    <div className="grid gap-6">
      <div className="print:hidden">
        <PageHeader title={managerCopy.pickList.title} description={managerCopy.pickList.description} />
      </div>
      <PickList orderIds={orderIds} onOrdersChange={(ids) => setParams(ids.length > 0 ? { orders: ids.join(',') } : {}, { replace: true })} />
    </div>
  );
}
