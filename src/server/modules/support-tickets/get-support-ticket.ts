import type { SupportTicket } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { readSupportTicket } from '../../read-models/support-tickets';
import { assertWorksTickets } from './list-support-tickets';

export async function getSupportTicket(options: { db: Db; viewer: Viewer; ticketId: string }): Promise<SupportTicket> {
  assertWorksTickets(options.viewer);
  const ticket = await readSupportTicket(options.db, options.ticketId);
  if (!ticket) throw new AppError({ kind: 'NOT_FOUND', code: 'TICKET_NOT_FOUND', message: supportTicketCopy.refusals.notFound });
  return ticket;
}
