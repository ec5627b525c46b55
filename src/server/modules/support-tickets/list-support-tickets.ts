import type { z } from 'zod';
import type { SupportTicketPage, supportTicketQuery } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { readSupportTickets } from '../../read-models/support-tickets';

export function assertWorksTickets(viewer: Viewer): void {
  if (viewer.role !== 'support' && viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: supportTicketCopy.refusals.forbidden });
}

/** Support's ticket list, newest first, filtered by status and searched, paged in the database. */
export async function listSupportTickets(options: { db: Db; viewer: Viewer; query: z.output<typeof supportTicketQuery> }): Promise<SupportTicketPage> {
  assertWorksTickets(options.viewer);
  const { query } = options;
  const { tickets, total } = await readSupportTickets(options.db, query);
  return { tickets, total, page: query.page, pageSize: query.pageSize };
}
