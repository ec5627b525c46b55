import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { managerCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { InventoryTable } from '@/web/features/inventory/components/inventory-table';
import { activeWarehousesQuery } from '@/web/features/locations/api/location-queries';

/** An admin's view of one warehouse's stock: the manager's inventory table, for any warehouse. */
export function AdminWarehouseStockPage() {
  const { id = '' } = useParams();
  const warehouses = useQuery(activeWarehousesQuery);
  const name = warehouses.data?.find((warehouse) => warehouse.id === id)?.name ?? '';
  return (
    <div className="grid gap-6">
      <PageHeader title={managerCopy.inventory.adminTitle(name || '…')} description={managerCopy.inventory.description} />
      <InventoryTable key={id} warehouseId={id} />
    </div>
  );
}
