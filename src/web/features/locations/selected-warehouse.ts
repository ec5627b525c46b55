import { z } from 'zod';
import { createLocalStore } from '@/web/lib/local-store';

export const selectedWarehouseSchema = z.object({ id: z.string(), name: z.string(), location: z.string() });
export type SelectedWarehouse = z.infer<typeof selectedWarehouseSchema>;

/** The customer's chosen delivery warehouse, kept in localStorage under 'selectedWarehouse'. */
export const selectedWarehouseStore = createLocalStore<SelectedWarehouse | null>('selectedWarehouse', selectedWarehouseSchema.nullable(), null);

/** The selected warehouse's id; undefined lets the server use its default warehouse. */
export function useWarehouseId(): string | undefined {
  return selectedWarehouseStore.use()?.id;
}
