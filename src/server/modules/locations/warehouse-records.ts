import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminWarehouse, adminWarehouseInput } from '@/shared/contracts/locations';
import { warehouseAdminCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder';
import { rolesOfProfiles, staffOfWarehouses } from '../../read-models/warehouse-people';
import { locateAddress } from './address-access';
import { warehouses, warehouseStaff } from './locations.tables';

export type WarehouseInput = z.output<typeof adminWarehouseInput>;
export type WarehouseRow = typeof warehouses.$inferSelect;

function refuse(field: string, message: string, kind: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED'): AppError {
  return new AppError({ kind, message, fields: { [field]: message } });
}

/**
 * Where the warehouse stands: the admin's coordinates when given (a correction of the geocoder),
 * otherwise the address geocoded. An address the geocoder cannot place is refused at its field, so
 * the admin can type coordinates instead.
 */
export async function placeWarehouse(geocoder: Geocoder, input: WarehouseInput): Promise<{ latitude: number; longitude: number }> {
  if (input.latitude !== undefined && input.longitude !== undefined) return { latitude: input.latitude, longitude: input.longitude };
  const place = await locateAddress(geocoder, input);
  if (place.latitude === null || place.longitude === null) throw refuse('streetAddress', warehouseAdminCopy.refusals.notPlaced);
  return { latitude: place.latitude, longitude: place.longitude };
}

/** The columns a create or an edit writes, from the checked input. */
export function warehouseValues(input: WarehouseInput, place: { latitude: number; longitude: number }) {
  return {
    name: input.name,
    streetAddress: input.streetAddress,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    location: `${input.city}, ${input.state}`,
    latitude: place.latitude,
    longitude: place.longitude,
    deliveryRadiusMiles: input.deliveryRadiusMiles,
    deliveryFeeCents: input.deliveryFeeCents,
    windowCapacity: input.windowCapacity,
    pickTimeMinutes: input.pickTimeMinutes,
    timeZone: input.timeZone,
    active: input.active,
  };
}

/** Refuses a name another warehouse has (names are unique, whatever their case). */
export async function checkNameFree(tx: Db, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(sql`lower(${warehouses.name}) = lower(${name})`, exceptId ? ne(warehouses.id, exceptId) : undefined));
  if (taken) throw refuse('name', warehouseAdminCopy.refusals.nameTaken, 'CONFLICT');
}

/**
 * Replaces who works at a warehouse. Each person must hold the role they are assigned (a manager
 * manages, a driver drives), and appear once; the field of the first one that does not is named.
 */
export async function replaceStaff(tx: Db, warehouseId: string, staff: WarehouseInput['staff']): Promise<void> {
  const roles = await rolesOfProfiles(tx, staff.map((member) => member.profileId));
  const seen = new Set<string>();
  staff.forEach((member, index) => {
    if (seen.has(member.profileId)) throw refuse(`staff.${index}.profileId`, warehouseAdminCopy.refusals.staffTwice);
    seen.add(member.profileId);
    if (roles.get(member.profileId) !== member.role) throw refuse(`staff.${index}.profileId`, warehouseAdminCopy.refusals.staffRole(member.role));
  });
  await tx.delete(warehouseStaff).where(eq(warehouseStaff.warehouseId, warehouseId));
  if (staff.length > 0) await tx.insert(warehouseStaff).values(staff.map((member) => ({ warehouseId, profileId: member.profileId, role: member.role })));
}

/** Warehouses as the admin sees them, with who works at each. */
export async function toAdminWarehouses(db: Db, rows: readonly WarehouseRow[]): Promise<AdminWarehouse[]> {
  const staff = await staffOfWarehouses(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryRadiusMiles: row.deliveryRadiusMiles,
    deliveryFeeCents: row.deliveryFeeCents,
    windowCapacity: row.windowCapacity,
    pickTimeMinutes: row.pickTimeMinutes,
    timeZone: row.timeZone,
    active: row.active,
    staff: staff.get(row.id) ?? [],
  }));
}

/** What the audit log keeps of a warehouse: its settings and its staff. */
export function auditedWarehouse(warehouse: AdminWarehouse) {
  return { ...warehouse, staff: warehouse.staff.map((member) => ({ profileId: member.profileId, role: member.role })) };
}
