import { useSyncExternalStore } from 'react';
// zod/mini keeps zod's classic API out of every page's first load (ADR 045).
import * as z from 'zod/mini';
import { useAuth } from '@/web/lib/session';
import { createLocalStore } from '@/web/lib/local-store';

export const selectedWarehouseSchema = z.object({ id: z.string(), name: z.string(), location: z.string() });
export type SelectedWarehouse = z.infer<typeof selectedWarehouseSchema>;

export const warehouseSourceSchema = z.enum(['current-location', 'address', 'list']);
/** What the selected warehouse came from (step 7): the current location, the saved address, or a pick from the list. */
export type WarehouseSource = z.infer<typeof warehouseSourceSchema>;

/** Kept next to the selection so the step 7 record survives a reload. */
export const selectedWarehouseSourceStore = createLocalStore<WarehouseSource | null>('selectedWarehouseSource', z.nullable(warehouseSourceSchema), null);

const selection = createLocalStore<SelectedWarehouse | null>('selectedWarehouse', z.nullable(selectedWarehouseSchema), null);

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

const positionRecordSchema = z.object({ customerId: z.string(), warehouse: selectedWarehouseSchema });
export type PositionRecord = z.infer<typeof positionRecordSchema>;

const POSITION_KEY = 'positionWarehouse';
const positionListeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedRecord: PositionRecord | null = null;

function readPositionRecord(): PositionRecord | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(POSITION_KEY);
  } catch {
    // Storage refused: nothing is remembered.
  }
  if (raw === cachedRaw) return cachedRecord;
  cachedRaw = raw;
  try {
    const parsed = positionRecordSchema.safeParse(JSON.parse(raw ?? 'null'));
    cachedRecord = parsed.success ? parsed.data : null;
  } catch {
    cachedRecord = null;
  }
  return cachedRecord;
}

function subscribePosition(listener: () => void) {
  positionListeners.add(listener);
  return () => {
    positionListeners.delete(listener);
  };
}

/**
 * The warehouse serving the customer's position, as the last check found it, while they have
 * chosen none (step 4 keeps the location; a pending chooser preselects it). Never saved as the
 * choice: the check owns it and replaces it at every position read. It is kept in sessionStorage
 * with the customer's id, so a page load browses it at once rather than the default warehouse
 * until the position has been read again.
 */
export const positionWarehouseStore = {
  read: readPositionRecord,
  write(record: PositionRecord | null) {
    const current = readPositionRecord();
    const next = record ? { customerId: record.customerId, warehouse: { id: record.warehouse.id, name: record.warehouse.name, location: record.warehouse.location } } : null;
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    try {
      if (next) sessionStorage.setItem(POSITION_KEY, JSON.stringify(next));
      else sessionStorage.removeItem(POSITION_KEY);
    } catch {
      // Storage refused: the check reads the position again at the next page load.
    }
    for (const listener of positionListeners) listener();
  },
  use(): PositionRecord | null {
    return useSyncExternalStore(subscribePosition, readPositionRecord, () => null);
  },
};

/**
 * The warehouse the catalog is browsed from: the chosen one, else the one serving the customer's
 * position; null leaves the server's default warehouse ('Georgetown'). While the session is still
 * loading, a remembered position is trusted so a page load does not ask for the default's prices
 * first; guests and other accounts never see it.
 */
export function useBrowsingWarehouse(): SelectedWarehouse | null {
  const auth = useAuth();
  const selected = selectedWarehouseStore.use();
  const position = positionWarehouseStore.use();
  if (selected) return selected;
  if (!position) return null;
  const forThisViewer =
    auth.status === 'loading' || (auth.status === 'signed-in' && auth.profile.role === 'customer' && auth.user.id === position.customerId);
  return forThisViewer ? position.warehouse : null;
}

/** The browsing warehouse's id; undefined lets the server use its default warehouse. */
export function useWarehouseId(): string | undefined {
  return useBrowsingWarehouse()?.id;
}
