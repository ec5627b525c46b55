import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { supportTicket, supportTicketInput, supportTicketPage, supportTicketQuery, supportTicketReceipt } from '@/shared/contracts/support-tickets';
import { clientAddress, clientAddressHeader } from '../../lib/client-address';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { createSessionReader } from '../../lib/read-session';
import { requireRole, requireSession } from '../../lib/require-role';
import { getSupportTicket } from './get-support-ticket';
import { listSupportTickets } from './list-support-tickets';
import { resolveSupportTicket } from './resolve-support-ticket';
import { sendSupportTicket } from './send-support-ticket';

const tags = ['Support tickets'];

const sendRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Send the contact form: opens a support ticket (guests too; a signed-in sender is linked)',
  description: 'At most 5 tickets an hour per account, or per client address for guests (429 after that).',
  request: { body: jsonBody(supportTicketInput) },
  responses: { 201: jsonContent(supportTicketReceipt, 'The ticket and its reference'), ...errorResponses(400, 429) },
});

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The support tickets, newest first, by status and searched (support, admin)',
  request: { query: supportTicketQuery },
  responses: { 200: jsonContent(supportTicketPage, 'A page of tickets and the total'), ...errorResponses(400, 401, 403) },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One support ticket (support, admin)',
  request: { params: idParam },
  responses: { 200: jsonContent(supportTicket, 'The ticket'), ...errorResponses(400, 401, 403, 404) },
});

const resolveRoute = createRoute({
  method: 'post',
  path: '/{id}/resolve',
  tags,
  summary: 'Mark a support ticket resolved (support, admin)',
  request: { params: idParam },
  responses: { 200: jsonContent(supportTicket, 'The resolved ticket'), ...errorResponses(400, 401, 403, 404, 409) },
});

/** The contact form, open to everyone. */
export function createSupportTicketRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const readSession = createSessionReader({ auth: deps.auth, db });
  return createRouter().openapi({ ...sendRoute, middleware: [clientAddress({ trustProxy: deps.env.TRUST_PROXY })] }, async (c) => {
    const viewer = await readSession({ cookie: c.req.header('cookie'), authorization: c.req.header('authorization') });
    const receipt = await sendSupportTicket({ db, viewer, clientAddress: c.req.header(clientAddressHeader), input: c.req.valid('json') });
    return c.json(receipt, 201);
  });
}

/** Support's side of the tickets. */
export function createSupportTicketWorkRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('support', 'admin'));
  return router
    .openapi(listRoute, async (c) => c.json(await listSupportTickets({ db, viewer: c.var.viewer, query: c.req.valid('query') }), 200))
    .openapi(detailRoute, async (c) => c.json(await getSupportTicket({ db, viewer: c.var.viewer, ticketId: c.req.valid('param').id }), 200))
    .openapi(resolveRoute, async (c) => c.json(await resolveSupportTicket({ db, viewer: c.var.viewer, ticketId: c.req.valid('param').id }), 200));
}
