import { z } from 'zod';
import { createLocalStore } from '@/web/lib/local-store';

export const selectedWarehouseSchema = z.object({ id: z.string(), name: z.string(), location: z.string() });
export type SelectedWarehouse = z.infer<typeof selectedWarehouseSchema>;

export const warehouseSourceSchema = z.enum(['current-location', 'address', 'list']);
/** What the selected warehouse came from (step 7): the current location, the saved address, or a pick from the list. */
export type WarehouseSource = z.infer<typeof warehouseSourceSchema>;

/** Kept next to the selection so the step 7 record survives a reload. */
export const selectedWarehouseSourceStore = createLocalStore<WarehouseSource | null>('selectedWarehouseSource', warehouseSourceSchema.nullable(), null);

const selection = createLocalStore<SelectedWarehouse | null>('selectedWarehouse', selectedWarehouseSchema.nullable(), null);

/** The customer's chosen delivery warehouse, kept in localStorage under 'selectedWarehouse'. */
export const selectedWarehouseStore = {
  ...selection,
  /** Where the choice came from means nothing without the choice, so it goes too. */
  clear() {
    selectedWarehouseSourceStore.clear();
    selection.clear();
  },
};

/** Step 7: saves the choice and where it came from. */
export function saveSelectedWarehouse(warehouse: SelectedWarehouse, source: WarehouseSource) {
  selectedWarehouseSourceStore.write(source);
  selection.write({ id: warehouse.id, name: warehouse.name, location: warehouse.location });
}

/** The selected warehouse's id; undefined lets the server use its default warehouse. */
export function useWarehouseId(): string | undefined {
  return selectedWarehouseStore.use()?.id;
}
