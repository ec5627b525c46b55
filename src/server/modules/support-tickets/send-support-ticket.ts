import type { z } from 'zod';
import type { SupportTicketReceipt, supportTicketInput } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { insertTicket, lockAndCountRecentTickets } from './ticket-records';

/** Tickets one sender may open in an hour: plenty for a person, too few to flood the queue. */
export const TICKETS_PER_HOUR = 5;

/**
 * Opens a support ticket from the contact form. A signed-in sender's profile is linked and the limit
 * counts against it; a guest's counts against their client address.
 */
export async function sendSupportTicket(options: {
  db: Db;
  viewer: Viewer | null;
  clientAddress: string | undefined;
  input: z.output<typeof supportTicketInput>;
}): Promise<SupportTicketReceipt> {
  const { db, viewer, input } = options;
  const senderKey = viewer ? `profile:${viewer.profileId}` : `address:${options.clientAddress ?? 'unknown'}`;
  const ticket = await db.transaction(async (tx) => {
    if ((await lockAndCountRecentTickets(tx, senderKey)) >= TICKETS_PER_HOUR) {
      throw new AppError({ kind: 'RATE_LIMITED', code: 'TOO_MANY_TICKETS', message: supportTicketCopy.refusals.tooMany, retryAfterSeconds: 3600 });
    }
    return insertTicket(tx, {
      profileId: viewer?.profileId ?? null,
      name: input.name,
      email: input.email,
      orderNumber: input.orderNumber,
      topic: input.topic,
      message: input.message,
      senderKey,
    });
  });
  return { id: ticket.id, reference: ticket.reference, createdAt: ticket.createdAt.toISOString() };
}
