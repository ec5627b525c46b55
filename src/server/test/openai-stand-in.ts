import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message of a request as the OpenAI chat-completions API takes it. */
export interface CompletionMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
}

/** A request the stand-in received. */
export interface CompletionRequest {
  path: string;
  authorization: string | null;
  body: {
    model: string;
    stream?: boolean;
    messages: CompletionMessage[];
    tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
    tool_choice?: unknown;
    [key: string]: unknown;
  };
}

/** One scripted answer to a POST /chat/completions. */
export type ScriptedReply =
  /** Streamed content, one chunk per piece. */
  | { kind: 'text'; pieces: string[] }
  /** Tool calls, each streamed as OpenAI does: id and name first, then the arguments' JSON in pieces. */
  | { kind: 'tool_calls'; calls: { name: string; arguments: unknown; id?: string }[]; pieces?: string[] }
  /** An error answer, e.g. 429, 402 or 500, with OpenAI's error body. */
  | { kind: 'error'; status: number; message?: string }
  /** A 200 event stream whose data is this text as it is (e.g. JSON that does not parse). */
  | { kind: 'raw'; data: string }
  /** Streams these pieces, then never finishes (until the client goes away). */
  | { kind: 'hang'; pieces?: string[] };

export interface OpenAiStandIn {
  /** The base URL to give the client (it posts to `${url}/chat/completions`). */
  url: string;
  requests: CompletionRequest[];
  /** Queues replies, answered in order, one per request. */
  script(...replies: ScriptedReply[]): void;
  /** Answers a request once the queue is empty; without it such a request gets a 500. */
  respond: ((request: CompletionRequest) => ScriptedReply) | null;
  /** The models `GET /models` lists. */
  models: string[];
  close(): Promise<void>;
}

const MODEL = 'stand-in-model';

/** Splits a text into pieces of about `size` characters, as a model streams it. */
export function inPieces(text: string, size = 7): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

/**
 * A small local HTTP server standing in for an OpenAI-compatible chat-completions endpoint, for tests
 * without the internet. It answers `POST …/chat/completions` with scripted replies (streamed text, tool
 * calls streamed in pieces, errors) and records every request, so a test can assert which tools were
 * offered and which tool results were sent back.
 */
export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const requests: CompletionRequest[] = [];
  const queue: ScriptedReply[] = [];
  const completionId = () => `chatcmpl-${randomBytes(8).toString('hex')}`;

  function chunk(id: string, delta: Record<string, unknown>, finishReason: string | null = null) {
    const body = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: MODEL, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
    return `data: ${JSON.stringify(body)}\n\n`;
  }

  function startStream(outgoing: ServerResponse) {
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  }

  function answer(reply: ScriptedReply, incoming: IncomingMessage, outgoing: ServerResponse) {
    const id = completionId();
    switch (reply.kind) {
      case 'error': {
        const type = reply.status === 429 ? 'rate_limit_exceeded' : reply.status === 402 ? 'insufficient_quota' : 'server_error';
        outgoing.writeHead(reply.status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ error: { message: reply.message ?? `stand-in error ${reply.status}`, type, code: type, param: null } }));
        return;
      }
      case 'raw':
        startStream(outgoing);
        outgoing.end(`data: ${reply.data}\n\n`);
        return;
      case 'hang':
        startStream(outgoing);
        outgoing.write(chunk(id, { role: 'assistant', content: '' }));
        for (const piece of reply.pieces ?? []) outgoing.write(chunk(id, { content: piece }));
        incoming.socket.once('close', () => outgoing.destroy());
        return;
      case 'text':
        startStream(outgoing);
        outgoing.write(chunk(id, { role: 'assistant', content: '' }));
        for (const piece of reply.pieces) outgoing.write(chunk(id, { content: piece }));
        outgoing.write(chunk(id, {}, 'stop'));
        outgoing.end('data: [DONE]\n\n');
        return;
      case 'tool_calls': {
        startStream(outgoing);
        outgoing.write(chunk(id, { role: 'assistant', content: reply.pieces ? '' : null }));
        for (const piece of reply.pieces ?? []) outgoing.write(chunk(id, { content: piece }));
        reply.calls.forEach((call, index) => {
          const callId = call.id ?? `call_${randomBytes(6).toString('hex')}`;
          const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
          outgoing.write(chunk(id, { tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] }));
          for (const piece of inPieces(args, 5)) outgoing.write(chunk(id, { tool_calls: [{ index, function: { arguments: piece } }] }));
        });
        outgoing.write(chunk(id, {}, 'tool_calls'));
        outgoing.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const piece of incoming) chunks.push(piece as Buffer);
    const path = new URL(incoming.url ?? '/', 'http://stand-in').pathname;
    if (incoming.method === 'GET' && path.endsWith('/models')) {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ object: 'list', data: standIn.models.map((model) => ({ id: model, object: 'model', created: 0, owned_by: 'stand-in' })) }));
      return;
    }
    if (incoming.method !== 'POST' || !path.endsWith('/chat/completions')) {
      outgoing.writeHead(404, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { message: `Unknown request ${incoming.method} ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    const request: CompletionRequest = {
      path,
      authorization: incoming.headers.authorization ?? null,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompletionRequest['body'],
    };
    requests.push(request);
    const reply = queue.shift() ?? standIn.respond?.(request) ?? { kind: 'error', status: 500, message: 'No reply was scripted for this request' };
    answer(reply, incoming, outgoing);
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error), type: 'server_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: OpenAiStandIn = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    models: [MODEL],
    script: (...replies) => void queue.push(...replies),
    respond: null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}
