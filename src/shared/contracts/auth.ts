import { z } from 'zod';
import { roles } from '../roles';
import { text } from './common';

const name = (label: string) => text({ label, max: 80, required: true });

export const passwordRule = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const signUpInput = z.object({
  email: z.email({ error: 'Enter a valid email address' }),
  password: passwordRule,
  firstName: name('First name'),
  lastName: name('Last name'),
  referralCode: text({ label: 'Referral code', max: 40 })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const signInInput = z.object({
  email: z.email({ error: 'Enter a valid email address' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInInput>;

/** POST /api/auth/request-password-reset: answered the same whether or not the email has an account. */
export const passwordResetRequest = z.object({
  email: z.email({ error: 'Enter a valid email address' }),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** POST /api/auth/reset-password: the token from the emailed link and the new password. */
export const passwordResetInput = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200),
  newPassword: passwordRule,
});
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/**
 * POST /api/auth/sign-out: better-auth's own fields, all optional. Checked before better-auth sees the
 * request, because signing out ends the sessions before better-auth reads the body.
 */
export const signOutInput = z
  .object({
    callbackURL: z.string().max(2_000).optional(),
    disableRedirect: z.boolean().optional(),
    state: z.string().max(2_000).optional(),
  })
  .optional();

export const profile = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  role: z.enum(roles),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  referralCode: z.string().nullable(),
  kitchenId: z.string().nullable(),
  /** The warehouses a manager or driver works at; empty for everyone else. */
  warehouseIds: z.array(z.string()),
  /** The kitchens a kitchen owner runs; empty for everyone else. */
  kitchenIds: z.array(z.string()),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    // An empty (or blank) phone clears the number.
    phone: text({ label: 'Phone', max: 20 })
      .refine((value) => value === '' || /^\+?[0-9 ()-]{7,20}$/.test(value), 'Enter a valid phone number')
      .transform((value) => (value === '' ? null : value)),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const authConfig = z.object({
  googleSignIn: z.boolean(),
  /** A MapLibre style for the live tracking map; null draws the offline schematic map. */
  mapStyleUrl: z.string().nullable(),
});
