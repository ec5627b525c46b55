import { z } from 'zod';
import { cents, id, text } from './common';

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

export const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
export const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

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

/** A delivery address as the customer types it. Coordinates are never taken from the client: saving geocodes. */
export const addressInput = z.object({
  label: text({ label: 'Label', max: 40 }).default(''),
  streetAddress: text({ label: 'Street address', max: 200, required: true }),
  city: text({ label: 'City', max: 100, required: true }),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .toUpperCase()
    .min(1, 'State is required')
    .refine((value) => (usStateCodes as readonly string[]).includes(value), 'Use a two-letter US state code'),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInput>;

export const address = z.object({
  id,
  label: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Both present or both null: coordinates count only as a pair. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;
