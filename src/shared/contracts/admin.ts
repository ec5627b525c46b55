import { z } from 'zod';
import { warehouseStaffRoles } from '../access';
import { orderStatuses } from '../order-status';
import { roles } from '../roles';
import { cents, id, searchByEmail } from './common';

/**
 * The business day of the overview's charts: every day is counted from midnight to midnight in this
 * zone, whichever store an order came from (ADR 020).
 */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

export const overviewPeriods = [7, 30, 90] as const;

/** GET /api/admin/overview?days= */
export const adminOverviewQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be 7, 30 or 90' })
    .refine((value): value is (typeof overviewPeriods)[number] => (overviewPeriods as readonly number[]).includes(value), 'Days must be 7, 30 or 90')
    .default(30),
});

const isoDate = z.iso.date();
const ranked = z.object({ id, name: z.string(), units: z.number().int(), revenue: cents });

export const adminOverview = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  /** The first and last business day covered, both included. */
  from: isoDate,
  to: isoDate,
  /** One entry per day, days without orders included. Revenue counts orders not cancelled. */
  perDay: z.array(z.object({ day: isoDate, orders: z.number().int(), revenue: cents, newCustomers: z.number().int() })),
  totals: z.object({ orders: z.number().int(), revenue: cents, newCustomers: z.number().int() }),
  byStatus: z.array(z.object({ status: z.enum(orderStatuses), orders: z.number().int() })),
  topProducts: z.array(ranked),
  topKitchens: z.array(ranked),
  /** Refunds that did not fail, made in the period. */
  refunds: z.object({ count: z.number().int(), amount: cents }),
});
export type AdminOverview = z.infer<typeof adminOverview>;

/** GET /api/admin/users */
export const adminUsersQuery = z.object({
  /** A part of the email or of the name. */
  q: searchByEmail().optional(),
  role: z.enum(roles, { error: 'Unknown role' }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  profileId: id,
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  /** The warehouses a manager runs or a driver delivers from. */
  warehouses: z.array(z.object({ id, name: z.string() })),
  createdAt: z.iso.datetime({ offset: true }),
  deactivatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserPage = z.object({ users: z.array(adminUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminUserPage = z.infer<typeof adminUserPage>;

/** POST /api/admin/users/{id}/role: a manager or driver works at one or more warehouses. */
export const changeRoleInput = z
  .object({
    role: z.enum(roles, { error: 'Choose a role' }),
    warehouseIds: z.array(id).max(50, 'At most 50 warehouses').default([]),
  })
  .refine((input) => !(warehouseStaffRoles as readonly string[]).includes(input.role) || input.warehouseIds.length > 0, {
    message: 'Choose at least one warehouse',
    path: ['warehouseIds'],
  });
export type ChangeRoleInput = z.input<typeof changeRoleInput>;
