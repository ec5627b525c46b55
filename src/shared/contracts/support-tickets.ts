import { z } from 'zod';
import { id, searchByEmail, text } from './common';

export const supportTicketTopics = ['order', 'delivery', 'returns', 'payments', 'account', 'kitchens', 'other'] as const;
export type SupportTicketTopic = (typeof supportTicketTopics)[number];

export const supportTicketStatuses = ['open', 'resolved'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

/** POST /api/support-tickets: the contact form. Guests and signed-in people alike. */
export const supportTicketInput = z.object({
  name: text({ label: 'Name', max: 100, required: true }),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email must be at most 254 characters').pipe(z.email({ error: 'Enter a valid email address' })),
  /** Optional; kept as typed so a guest can name an order support will look up. */
  orderNumber: text({ label: 'Order number', max: 40 }).optional().default(''),
  topic: z.enum(supportTicketTopics, { error: 'Choose a topic' }),
  message: text({ label: 'Message', max: 4000, required: true, multiline: true }).refine((value) => value.length >= 10, 'Message must be at least 10 characters'),
});
export type SupportTicketInput = z.input<typeof supportTicketInput>;

/** What the sender learns: the reference to quote in later messages. */
export const supportTicketReceipt = z.object({ id, reference: z.string(), createdAt: z.string() });
export type SupportTicketReceipt = z.infer<typeof supportTicketReceipt>;

export const supportTicket = z.object({
  id,
  /** A short reference such as 'T-4F2A9C', said to the sender and searchable. */
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  topic: z.enum(supportTicketTopics),
  message: z.string(),
  status: z.enum(supportTicketStatuses),
  /** The sender's profile when they were signed in; null for a guest. */
  profileId: id.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicket>;

export const supportTicketQuery = z.object({
  status: z.enum(supportTicketStatuses, { error: 'Unknown status' }).optional(),
  /** A reference, an email, a name or an order number, or a part of one. */
  q: searchByEmail().optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100).default(25),
});
export type SupportTicketQuery = z.input<typeof supportTicketQuery>;

export const supportTicketPage = z.object({
  tickets: z.array(supportTicket),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SupportTicketPage = z.infer<typeof supportTicketPage>;
