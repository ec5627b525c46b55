import type { SupportTicket } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { getSupportTicket } from './get-support-ticket';
import { assertWorksTickets } from './list-support-tickets';
import { lockTicket, markTicketResolved } from './ticket-records';

/** Support marks a ticket resolved, audited; resolving a resolved one is refused (409). */
export async function resolveSupportTicket(options: { db: Db; viewer: Viewer; ticketId: string }): Promise<SupportTicket> {
  const { db, viewer, ticketId } = options;
  assertWorksTickets(viewer);
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError({ kind: 'NOT_FOUND', code: 'TICKET_NOT_FOUND', message: supportTicketCopy.refusals.notFound });
    if (!(await markTicketResolved(tx, { id: ticket.id, resolvedByProfileId: viewer.profileId }))) {
      throw new AppError({ kind: 'CONFLICT', code: 'TICKET_ALREADY_RESOLVED', message: supportTicketCopy.refusals.alreadyResolved });
    }
    await recordAudit(tx, viewer, {
      action: 'ticket.resolved',
      entityType: 'support_ticket',
      entityId: ticket.id,
      summary: supportTicketCopy.audit.resolved(ticket.reference),
      before: { status: ticket.status },
      after: { status: 'resolved' },
    });
  });
  return getSupportTicket({ db, viewer, ticketId });
}
