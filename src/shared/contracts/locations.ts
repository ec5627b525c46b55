import { z } from 'zod';
import { id } from './common';

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
