import { z } from 'zod';
import { cents, id } from './common';
import { latitude, longitude } from './locations';

export const kitchenSummary = z.object({
  id,
  businessName: z.string(),
  kitchenType: z.enum(['home', 'commercial']),
  cuisine: z.string(),
  description: z.string(),
  image: z.string(),
  city: z.string(),
  state: z.string(),
  prepTimeMinutes: z.number().int(),
  /** Open by its switch and within today's opening hours, in the kitchen's time zone. */
  openNow: z.boolean(),
  /** While closed: when it next opens, in its own time zone (null when open, switched off or without hours). */
  opensNext: z.object({ inDays: z.number().int().min(0).max(7), day: z.number().int().min(0).max(6), time: z.string() }).nullable(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  distanceMiles: z.number().nullable(),
});
export type KitchenSummary = z.infer<typeof kitchenSummary>;

export const dish = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: cents,
  image: z.string(),
  available: z.boolean(),
  /** Such as 'vegetarian', 'gluten-free', as the kitchen tags the dish. */
  dietaryTags: z.array(z.string()),
  /** Average stars of its ratings (one decimal); null before the first. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type Dish = z.infer<typeof dish>;

export const kitchenMenu = z.object({
  kitchen: kitchenSummary.extend({
    streetAddress: z.string(),
    zipCode: z.string(),
    openingHours: z.array(z.object({ day: z.number().int(), opens: z.string(), closes: z.string() })),
  }),
  sections: z.array(z.object({ name: z.string(), dishes: z.array(dish) })),
  mealPlans: z.array(z.object({ id, name: z.string(), description: z.string(), mealsPerWeek: z.number().int(), weeklyPrice: cents })),
});
export type KitchenMenu = z.infer<typeof kitchenMenu>;

/** Body of the nearby-kitchens call (the observed app's mapbox-geocoding function). */
export const nearbyKitchensInput = z.object({
  userLatitude: latitude,
  userLongitude: longitude,
  calculateDistance: z.boolean().default(true),
});
export type NearbyKitchensInput = z.input<typeof nearbyKitchensInput>;

export const nearbyKitchens = z.object({
  success: z.boolean(),
  /** Approved, active kitchens within delivery range, nearest first. */
  cloudKitchens: z.array(kitchenSummary),
  error: z.string().optional(),
});
export type NearbyKitchens = z.infer<typeof nearbyKitchens>;
