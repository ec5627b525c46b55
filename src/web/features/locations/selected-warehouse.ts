import { useSyncExternalStore } from 'react';
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

let positionWarehouse: SelectedWarehouse | null = null;
const positionListeners = new Set<() => void>();

function subscribePosition(listener: () => void) {
  positionListeners.add(listener);
  return () => {
    positionListeners.delete(listener);
  };
}

/**
 * The warehouse serving the device's position, as the last check found it, while the customer has
 * chosen none (step 4 keeps the location; a pending chooser preselects it). Never saved as the
 * choice: the check owns it, replaces it at every position read and drops it at sign-out.
 */
export const positionWarehouseStore = {
  read: () => positionWarehouse,
  write(warehouse: SelectedWarehouse | null) {
    const next = warehouse ? { id: warehouse.id, name: warehouse.name, location: warehouse.location } : null;
    if (next?.id === positionWarehouse?.id && next?.name === positionWarehouse?.name && next?.location === positionWarehouse?.location) return;
    positionWarehouse = next;
    for (const listener of positionListeners) listener();
  },
  use(): SelectedWarehouse | null {
    return useSyncExternalStore(subscribePosition, () => positionWarehouse, () => null);
  },
};

/**
 * The warehouse the catalog is browsed from: the chosen one, else the one serving the device's
 * position; null leaves the server's default warehouse ('Georgetown').
 */
export function useBrowsingWarehouse(): SelectedWarehouse | null {
  const selected = selectedWarehouseStore.use();
  const position = positionWarehouseStore.use();
  return selected ?? position;
}

/** The browsing warehouse's id; undefined lets the server use its default warehouse. */
export function useWarehouseId(): string | undefined {
  return useBrowsingWarehouse()?.id;
}
