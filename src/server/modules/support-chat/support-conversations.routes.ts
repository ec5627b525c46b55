import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { agentReplyInput, chatMessage, supportConversationDetail, supportConversationPage, supportConversationQuery } from '@/shared/contracts/support-chat';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { eventStream } from '../../lib/sse';
import { closeConversation } from './close-conversation';
import { followSupportConversations } from './follow-support-conversations';
import { getSupportConversation } from './get-support-conversation';
import { listSupportConversations } from './list-support-conversations';
import { replyToConversation } from './reply-to-conversation';
import { takeConversation } from './take-conversation';

const tags = ['Support conversations'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The conversations handed to a person (support, admin)',
  description: '`open` (the default) lists those waiting for an agent or with one, oldest escalation first; `closed` newest first.',
  request: { query: supportConversationQuery },
  responses: { 200: jsonContent(supportConversationPage, 'A page of conversations and the total'), ...errorResponses(400, 401, 403) },
});

const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  tags,
  summary: 'The live conversation queue, as server-sent events',
  description:
    '`ready` once listening (read the lists then), then `conversation` (a supportConversationSummary) whenever a conversation ' +
    'escalates, gets a message or changes status, and `ready` again after a lost database connection. A comment every 15 s keeps it open.',
  responses: { 200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' }, ...errorResponses(401, 403) },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One conversation: the transcript and every action the assistant proposed',
  request: { params: idParam },
  responses: { 200: jsonContent(supportConversationDetail, 'The conversation'), ...errorResponses(400, 401, 403, 404) },
});

const takeRoute = createRoute({
  method: 'post',
  path: '/{id}/take',
  tags,
  summary: 'Take a conversation over (it becomes yours; another agent\'s only for admins)',
  request: { params: idParam },
  responses: { 200: jsonContent(supportConversationDetail, 'The conversation, now yours'), ...errorResponses(400, 401, 403, 404, 409) },
});

const replyRoute = createRoute({
  method: 'post',
  path: '/{id}/messages',
  tags,
  summary: "Reply to the customer (takes the conversation when nobody has it); the customer's chat shows it live",
  request: { params: idParam, body: jsonBody(agentReplyInput) },
  responses: { 201: jsonContent(chatMessage, 'The message as stored'), ...errorResponses(400, 401, 403, 404, 409) },
});

const closeRoute = createRoute({
  method: 'post',
  path: '/{id}/close',
  tags,
  summary: 'Close a conversation',
  request: { params: idParam },
  responses: { 200: jsonContent(supportConversationDetail, 'The closed conversation'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createSupportConversationRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('support', 'admin'));
  return router
    .openapi(listRoute, async (c) => c.json(await listSupportConversations({ db, viewer: c.var.viewer, query: c.req.valid('query') }), 200))
    .openapi(streamRoute, (c) => eventStream(c, (sink) => followSupportConversations({ database: deps.database, viewer: c.var.viewer, sink })))
    .openapi(detailRoute, async (c) => c.json(await getSupportConversation({ db, viewer: c.var.viewer, conversationId: c.req.valid('param').id }), 200))
    .openapi(takeRoute, async (c) => c.json(await takeConversation({ db, viewer: c.var.viewer, conversationId: c.req.valid('param').id }), 200))
    .openapi(replyRoute, async (c) =>
      c.json(await replyToConversation({ db, viewer: c.var.viewer, conversationId: c.req.valid('param').id, content: c.req.valid('json').content }), 201),
    )
    .openapi(closeRoute, async (c) => c.json(await closeConversation({ db, viewer: c.var.viewer, conversationId: c.req.valid('param').id }), 200));
}
