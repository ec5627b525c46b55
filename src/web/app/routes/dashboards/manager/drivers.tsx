import { useState } from 'react';
import { managerCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { DriverList } from '@/web/features/manager/components/driver-list';
import { useManagedWarehouses } from '@/web/features/manager/hooks/use-managed-warehouses';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';
import { WarehousePicker } from './warehouse-picker';

export function ManagerDriversPage() {
  const { warehouses, actor } = useManagedWarehouses();
  const [warehouseId, setWarehouseId] = useState('');
  // Deliveries change with order events: the feed refreshes the list.
  useStaffFeed();
  if (!actor) return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <PageHeader title={managerCopy.drivers.title} description={managerCopy.drivers.description} />
      <WarehousePicker warehouses={warehouses} value={warehouseId} onChange={setWarehouseId} allowAll />
      <DriverList warehouseId={warehouseId || undefined} />
    </div>
  );
}
