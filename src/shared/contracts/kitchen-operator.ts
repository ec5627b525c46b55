import { z } from 'zod';
import { cents, id, text } from './common';
import { addressInput } from './locations';

const isoTime = z.iso.datetime({ offset: true, error: 'Must be a date and time' });

export const kitchenTypes = ['home', 'commercial'] as const;
const kitchenType = z.enum(kitchenTypes, { error: 'Choose home or commercial' });

const phone = text({ label: 'Contact phone', max: 20, required: true }).refine((value) => /^\+?[0-9 ()-]{7,20}$/.test(value), 'Enter a valid phone number');
const kitchenAddress = addressInput.pick({ streetAddress: true, city: true, state: true, zipCode: true });

/** POST /api/kitchen-applications: what a person tells us about the kitchen they want to open. */
export const kitchenApplicationInput = z.object({
  businessName: text({ label: 'Business name', max: 120, required: true }),
  kitchenType,
  ...kitchenAddress.shape,
  contactPhone: phone,
  foodSafetyCertificate: text({ label: 'Food-safety certificate number', max: 60, required: true }),
  cuisine: text({ label: 'Cuisine', max: 60, required: true }),
  description: text({ label: 'Description', max: 1000, required: true, multiline: true }),
});
export type KitchenApplicationInput = z.input<typeof kitchenApplicationInput>;

export const kitchenApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type KitchenApplicationStatus = (typeof kitchenApplicationStatuses)[number];

export const kitchenApplication = z.object({
  id,
  status: z.enum(kitchenApplicationStatuses),
  businessName: z.string(),
  kitchenType,
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  contactPhone: z.string(),
  foodSafetyCertificate: z.string(),
  cuisine: z.string(),
  description: z.string(),
  rejectionReason: z.string().nullable(),
  submittedAt: isoTime,
  decidedAt: isoTime.nullable(),
  /** The kitchen an approval created. */
  kitchenId: id.nullable(),
});
export type KitchenApplication = z.infer<typeof kitchenApplication>;

/** GET /api/kitchen-applications/mine: the person's latest application, if any. */
export const myKitchenApplication = z.object({ application: kitchenApplication.nullable() });
export type MyKitchenApplication = z.infer<typeof myKitchenApplication>;

/** An application as an admin reviews it: with who sent it. */
export const reviewedKitchenApplication = kitchenApplication.extend({
  applicant: z.object({ name: z.string(), email: z.string() }),
});
export type ReviewedKitchenApplication = z.infer<typeof reviewedKitchenApplication>;

/** GET /api/admin/kitchen-applications: pending first, oldest pending first, then the decided, newest first. */
export const kitchenApplicationQuery = z.object({
  status: z.enum(kitchenApplicationStatuses, { error: 'Unknown status' }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(20),
});
export type KitchenApplicationQuery = z.input<typeof kitchenApplicationQuery>;

export const kitchenApplicationPage = z.object({
  applications: z.array(reviewedKitchenApplication),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type KitchenApplicationPage = z.infer<typeof kitchenApplicationPage>;

export const rejectKitchenApplicationInput = z.object({
  reason: text({ label: 'Reason', max: 500, required: true, multiline: true }),
});
export type RejectKitchenApplicationInput = z.input<typeof rejectKitchenApplicationInput>;

// The kitchen owner's dashboard.

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 09:30');

/** One weekday's hours; a closing time before the opening time runs past midnight into the next day. */
export const openingHoursSlot = z
  .object({ day: z.number().int().min(0).max(6), opens: clock, closes: clock })
  .refine((slot) => slot.opens !== slot.closes, { message: 'Closing time must differ from opening time', path: ['closes'] });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const kitchenProfileInput = z.object({
  businessName: text({ label: 'Name', max: 120, required: true }),
  description: text({ label: 'Description', max: 1000, multiline: true }),
  cuisine: text({ label: 'Cuisine', max: 60, required: true }),
  /** An image uploaded through /api/uploads/images, or none. */
  imageUrl: text({ label: 'Image', max: 500 }).refine((value) => value === '' || value.startsWith('/api/uploads/'), 'Upload the image first'),
  ...kitchenAddress.shape,
  contactPhone: phone,
  openingHours: z
    .array(openingHoursSlot)
    .max(7)
    .refine((slots) => new Set(slots.map((slot) => slot.day)).size === slots.length, 'One set of hours per weekday'),
  timeZone: z.string().trim().min(1, 'Time zone is required').refine(isTimeZone, 'Unknown time zone'),
  prepTimeMinutes: z.coerce.number({ error: 'Prep time must be a number' }).int('Whole minutes').min(5, 'At least 5 minutes').max(240, 'At most 240 minutes'),
  ordersPerHour: z.coerce.number({ error: 'Orders per hour must be a number' }).int('A whole number').min(0, 'Cannot be negative').max(500, 'At most 500'),
});
export type KitchenProfileInput = z.input<typeof kitchenProfileInput>;

export const kitchenProfile = z.object({
  id,
  businessName: z.string(),
  kitchenType,
  description: z.string(),
  cuisine: z.string(),
  imageUrl: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  contactPhone: z.string(),
  openingHours: z.array(z.object({ day: z.number().int(), opens: z.string(), closes: z.string() })),
  timeZone: z.string(),
  prepTimeMinutes: z.number().int(),
  ordersPerHour: z.number().int(),
  isOpen: z.boolean(),
  /** Open by the switch and within today's hours. */
  openNow: z.boolean(),
});
export type KitchenProfile = z.infer<typeof kitchenProfile>;

export const kitchenOpenInput = z.object({ isOpen: z.boolean({ error: 'Choose open or closed' }) });

export const dietaryTagMax = 8;

export const kitchenDishInput = z.object({
  name: text({ label: 'Name', max: 120, required: true }),
  description: text({ label: 'Description', max: 1000, multiline: true }),
  menuSection: text({ label: 'Menu section', max: 60, required: true }),
  price: z.coerce.number({ error: 'Price must be a number' }).int('Price is in whole cents').min(1, 'Price must be above zero').max(100_000, 'Price must be at most $1,000'),
  images: z.array(text({ label: 'Image', max: 500 }).refine((value) => value.startsWith('/api/uploads/'), 'Upload the image first')).max(4, 'At most 4 images'),
  available: z.boolean(),
  hidden: z.boolean(),
  dietaryTags: z
    .array(text({ label: 'Dietary tag', max: 30, required: true }).transform((value) => value.toLowerCase()))
    .max(dietaryTagMax, `At most ${dietaryTagMax} dietary tags`)
    .transform((tags) => [...new Set(tags)]),
});
export type KitchenDishInput = z.input<typeof kitchenDishInput>;

export const kitchenDish = z.object({
  id,
  name: z.string(),
  description: z.string(),
  menuSection: z.string(),
  price: cents,
  images: z.array(z.string()),
  available: z.boolean(),
  hidden: z.boolean(),
  dietaryTags: z.array(z.string()),
});
export type KitchenDish = z.infer<typeof kitchenDish>;
