import { managerCopy } from '@/shared/staff-copy';
import { NativeSelect } from '@/web/components/ui/native-select';
import type { ManagedWarehouse } from '@/web/features/manager/hooks/use-managed-warehouses';

/** Which of the manager's warehouses a page shows; nothing to choose when they run one. */
export function WarehousePicker({ warehouses, value, onChange, allowAll = false }: { warehouses: ManagedWarehouse[]; value: string; onChange(id: string): void; allowAll?: boolean }) {
  if (warehouses.length < 2) return null;
  return (
    <label className="grid max-w-xs gap-1 text-sm font-medium">
      {managerCopy.queue.warehouse}
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value)}>
        {allowAll ? <option value="">{managerCopy.queue.allWarehouses}</option> : null}
        {warehouses.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.name}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
