import { Warehouse } from 'lucide-react';
import { useState } from 'react';
import { managerCopy } from '@/shared/staff-copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { InventoryTable } from '@/web/features/inventory/components/inventory-table';
import { useManagedWarehouses } from '@/web/features/manager/hooks/use-managed-warehouses';
import { WarehousePicker } from './warehouse-picker';

export function ManagerInventoryPage() {
  const { warehouses, actor } = useManagedWarehouses();
  const [chosen, setChosen] = useState('');
  if (!actor) return <PageSpinner />;
  const warehouseId = chosen || warehouses[0]?.id;
  return (
    <div className="grid gap-6">
      <PageHeader title={managerCopy.inventory.title} description={managerCopy.inventory.description} />
      {warehouseId ? (
        <>
          <WarehousePicker warehouses={warehouses} value={warehouseId} onChange={setChosen} />
          <InventoryTable key={warehouseId} warehouseId={warehouseId} />
        </>
      ) : (
        <EmptyState icon={Warehouse} title={managerCopy.noWarehouse} />
      )}
    </div>
  );
}
