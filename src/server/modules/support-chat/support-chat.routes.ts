import { createRoute, z } from '@hono/zod-openapi';
import { chatConversation, supportChatActionResponse, supportChatRequest, type ChatCompletionChunk } from '@/shared/contracts/support-chat';
import type { AppDeps } from '../../lib/context';
import { errorEntry } from '../../lib/logger';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { dataStream, eventStream } from '../../lib/sse';
import { followCustomerChat } from './follow-customer-chat';
import { getCustomerChat } from './get-customer-chat';
import { runChatAction } from './run-chat-action';
import { sendChatMessage } from './send-chat-message';

/** Where the chat is mounted; app.ts gives this path its own body limit. */
export const SUPPORT_CHAT_PATH = '/api/support-chat';

const tags = ['Support chat'];

const postRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Send a message to support, or run the action waiting for confirmation',
  description:
    'Message form `{messages}`: only the last turn (the customer\'s) is taken; the stored conversation is the history. ' +
    'Answers a `text/event-stream` of `data: {chat.completion.chunk}` lines carrying `choices[0].delta.content`, ending `data: [DONE]`; ' +
    'a stream that ends without `[DONE]` failed part-way. Action form `{messages, action, orderId}`: runs the pending action for that order ' +
    'and answers `{message}`; 409 when there is none (NO_PENDING_ACTION), it expired (PENDING_ACTION_EXPIRED) or it failed (ACTION_FAILED). ' +
    'Either form may carry `clientId`, the id the device gave its last turn: the stored message and the reply carry it back. ' +
    'A message form sent again with a `clientId` the conversation already holds stores and runs nothing: it streams the reply stored to the first (empty when there is none yet). ' +
    'The AI provider\'s 429 and 402 answer 429 and 402; its other failures 502.',
  request: { body: jsonBody(supportChatRequest) },
  responses: {
    200: {
      content: { 'text/event-stream': { schema: z.string() }, 'application/json': { schema: supportChatActionResponse } },
      description: 'The reply stream (message form) or the action\'s result (action form)',
    },
    ...errorResponses(400, 401, 402, 403, 409, 429, 502),
  },
});
const conversationRoute = createRoute({
  method: 'get',
  path: '/conversation',
  tags,
  summary: "The customer's open conversation: messages, status and any action waiting for confirmation",
  responses: { 200: jsonContent(chatConversation, 'The conversation (id null when there is none yet)'), ...errorResponses(401, 403) },
});
const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  tags,
  summary: "The customer's conversation live, as server-sent events",
  description:
    '`ready` once listening (read the conversation after it), then `message` (a chatMessage: an agent\'s reply, or one sent from another device) ' +
    'and `status` ({conversationId, status}). A comment every 15 s keeps the connection open.',
  responses: { 200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' }, ...errorResponses(401, 403) },
});

function chunk(id: string, created: number, model: string, delta: ChatCompletionChunk['choices'][number]['delta'], finish: 'stop' | null): string {
  const value: ChatCompletionChunk = { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] };
  return JSON.stringify(value);
}

export function createSupportChatRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const customerOnly = [requireSession(deps), requireRole('customer')];

  return createRouter()
    .openapi({ ...postRoute, middleware: customerOnly }, async (c) => {
      const body = c.req.valid('json');
      const viewer = c.var.viewer;
      if ('action' in body) {
        const confirmation = body.messages.at(-1)!;
        return c.json(
          await runChatAction({
            db,
            payments: deps.payments,
            logger: c.var.logger,
            viewer,
            action: body.action,
            orderId: body.orderId,
            confirmation: confirmation.role === 'user' ? confirmation.content : undefined,
            clientId: body.clientId,
          }),
          200,
        );
      }
      const pieces = await sendChatMessage({
        db,
        payments: deps.payments,
        logger: c.var.logger,
        assistant: deps.assistant,
        viewer,
        content: body.messages.at(-1)!.content,
        clientId: body.clientId,
      });
      const id = `chatcmpl-${crypto.randomUUID()}`;
      const created = Math.floor(Date.now() / 1000);
      const model = deps.assistant.name;
      // Read to the end even when the customer's connection drops (sink.send then writes nothing), so the reply is stored.
      return dataStream(c, async (sink) => {
        try {
          await sink.send(chunk(id, created, model, { role: 'assistant' }, null));
          for await (const piece of pieces) await sink.send(chunk(id, created, model, { content: piece }, null));
          await sink.send(chunk(id, created, model, {}, 'stop'));
          await sink.send('[DONE]');
        } catch (error) {
          // The status line has gone out: the stream ends without [DONE], and the client apologises.
          c.var.logger.warn(errorEntry(error), 'chat reply failed part-way');
        }
      });
    })
    .openapi({ ...conversationRoute, middleware: customerOnly }, async (c) => c.json(await getCustomerChat({ db, viewer: c.var.viewer }), 200))
    .openapi({ ...streamRoute, middleware: customerOnly }, (c) =>
      eventStream(c, (sink) => followCustomerChat({ database: deps.database, viewer: c.var.viewer, sink })),
    );
}
