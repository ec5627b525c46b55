import { z } from 'zod';
import { warehouseStaffRoles } from '../access';
import { cents, id, searchByEmail, text } from './common';

export const warehouse = z.object({
  id,
  name: z.string(),
  location: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryRadiusMiles: z.number(),
  isDefault: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouse>;

/** What the header and the cart need to know about a warehouse (stored locally as 'selectedWarehouse'). */
export const warehouseRef = z.object({ id, name: z.string(), location: z.string() });
export type WarehouseRef = z.infer<typeof warehouseRef>;

/**
 * Finer than a tenth of a millimetre a coordinate means nothing, and PostgreSQL's trigonometry fails
 * on a number this close to zero (underflow): 0 itself is fine.
 */
const isUsableCoordinate = (value: number) => value === 0 || Math.abs(value) >= 1e-9;

export const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90')
  .refine(isUsableCoordinate, 'Latitude is not a usable coordinate');
export const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180')
  .refine(isUsableCoordinate, 'Longitude is not a usable coordinate');

/** Body of select-warehouse-and-fee. */
export const coordinatesInput = z.object({ latitude, longitude });
export type Coordinates = z.infer<typeof coordinatesInput>;

/** The nearest active warehouse whose delivery radius covers a point, if any. */
export const serviceArea = z.object({
  inServiceArea: z.boolean(),
  warehouse: warehouseRef.nullable(),
  /** The serving warehouse's delivery fee in cents; 0 when nothing serves the point. */
  deliveryFee: cents,
  distanceMiles: z.number().nullable(),
});
export type ServiceArea = z.infer<typeof serviceArea>;

export const usStateCodes = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
  'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR',
] as const;

export const ADDRESS_UNIT_MAX = 40;
export const DELIVERY_INSTRUCTIONS_MAX = 300;

const zipCode = z
  .string({ error: 'ZIP code is required' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code');

/** A delivery address as the customer types it. Coordinates are never taken from the client: saving geocodes. */
export const addressInput = z.object({
  label: text({ label: 'Label', max: 40 }).default(''),
  streetAddress: text({ label: 'Street address', max: 200, required: true }),
  unit: text({ label: 'Apartment, suite or unit', max: ADDRESS_UNIT_MAX }).default(''),
  city: text({ label: 'City', max: 100, required: true }),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .toUpperCase()
    .min(1, 'State is required')
    .refine((value) => (usStateCodes as readonly string[]).includes(value), 'Use a two-letter US state code'),
  zipCode,
  deliveryInstructions: text({ label: 'Delivery instructions', max: DELIVERY_INSTRUCTIONS_MAX, multiline: true }).default(''),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInput>;

/** A ZIP code a shopper types to find the warehouse that delivers there, signed in or not. */
export const zipCodeInput = z.object({ zipCode });
export type ZipCodeInput = z.infer<typeof zipCodeInput>;

export const address = z.object({
  id,
  label: z.string(),
  streetAddress: z.string(),
  unit: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  deliveryInstructions: z.string(),
  /** Both present or both null: coordinates count only as a pair. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

/** An address on one line, the unit after the street: "12 Elm St, Apt 4B, Austin, TX 78701". */
export function addressLine(address: Pick<Address, 'streetAddress' | 'unit' | 'city' | 'state' | 'zipCode'>): string {
  return [address.streetAddress, address.unit, address.city, `${address.state} ${address.zipCode}`].filter(Boolean).join(', ');
}

type DoorFields = Pick<Address, 'streetAddress' | 'unit' | 'city' | 'state' | 'zipCode'>;

/** Where the door is, as a person reads it: letter case and spacing make no other address. */
function doorKey(address: DoorFields): string {
  return [address.streetAddress, address.unit, address.city, address.state, address.zipCode]
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('\n');
}

/** Whether two addresses lead to the same door: same street, unit, city, state and ZIP code. */
export function isSameAddress(one: DoorFields, other: DoorFields): boolean {
  return doorKey(one) === doorKey(other);
}

/** Whether the runtime knows an IANA time zone such as "America/Chicago". */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

/** The farthest a warehouse delivers, in miles. */
export const MAX_DELIVERY_RADIUS_MILES = 40;

/** A person who works at a warehouse, as the admin assigns them. */
export const warehouseStaffMember = z.object({
  profileId: id,
  name: z.string(),
  email: z.string(),
  role: z.enum(warehouseStaffRoles),
});
export type WarehouseStaffMember = z.infer<typeof warehouseStaffMember>;

/** A warehouse as the admin sees and edits it. */
export const adminWarehouse = z.object({
  id,
  name: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryRadiusMiles: z.number(),
  deliveryFeeCents: cents,
  windowCapacity: z.number().int(),
  pickTimeMinutes: z.number().int(),
  timeZone: z.string(),
  active: z.boolean(),
  staff: z.array(warehouseStaffMember),
});
export type AdminWarehouse = z.infer<typeof adminWarehouse>;

export const adminWarehousePage = z.object({
  warehouses: z.array(adminWarehouse),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminWarehousePage = z.infer<typeof adminWarehousePage>;

export const adminWarehouseQuery = z.object({
  /** A part of the name, street, city or ZIP code. */
  q: text({ label: 'Search', max: 100 }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25),
});
export type AdminWarehouseQuery = z.input<typeof adminWarehouseQuery>;

const wholeNumber = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

/**
 * Creating or editing a warehouse. Coordinates are optional: without them the server geocodes the
 * address; with them (both) they are the admin's correction and are kept as given.
 */
export const adminWarehouseInput = addressInput
  .omit({ label: true, unit: true, deliveryInstructions: true, isDefault: true })
  .extend({
    name: text({ label: 'Name', max: 100, required: true }),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    deliveryRadiusMiles: z
      .number({ error: 'Delivery radius must be a number' })
      .gt(0, 'Delivery radius must be more than 0 miles')
      .max(MAX_DELIVERY_RADIUS_MILES, `Delivery radius must be at most ${MAX_DELIVERY_RADIUS_MILES} miles`),
    deliveryFeeCents: wholeNumber('Delivery fee').min(0, 'Delivery fee cannot be negative').max(100_00, 'Delivery fee must be at most $100.00'),
    windowCapacity: wholeNumber('Window capacity').min(0, 'Window capacity cannot be negative').max(10_000, 'Window capacity must be at most 10,000'),
    pickTimeMinutes: wholeNumber('Pick time').min(1, 'Pick time must be at least 1 minute').max(240, 'Pick time must be at most 240 minutes'),
    timeZone: z.string({ error: 'Time zone is required' }).trim().refine(isTimeZone, 'Use a time zone such as America/Chicago'),
    active: z.boolean({ error: 'Active must be true or false' }),
    staff: z
      .array(z.object({ profileId: id, role: z.enum(warehouseStaffRoles, { error: 'Staff are managers or drivers' }) }))
      .max(200, 'At most 200 people per warehouse')
      .default([]),
  })
  .refine((input) => (input.latitude === undefined) === (input.longitude === undefined), {
    path: ['longitude'],
    message: 'Give both latitude and longitude, or neither to locate the address',
  });
export type AdminWarehouseInput = z.input<typeof adminWarehouseInput>;

export const staffCandidateQuery = z.object({ q: searchByEmail().optional() });
