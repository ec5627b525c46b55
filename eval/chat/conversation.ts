import type { ChatCompletionChunk } from '@/shared/contracts/support-chat';
import type { TestClient } from '@/server/test/test-app';

/** One turn as the client keeps its history and sends it back. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface StreamedReply {
  status: number;
  /** The reply's text: every chunk's `choices[0].delta.content`, joined. */
  text: string;
  /** What was wrong with the stream, if anything (not SSE, a malformed chunk, no final [DONE]). */
  problem?: string;
  /** The error body of a refused request. */
  body?: unknown;
}

/**
 * Reads a support-chat reply stream the way the web client does: `data:` lines of chat-completion
 * chunks, ending with `data: [DONE]`. Anything else is reported as a problem, so a broken stream fails
 * the task that met it.
 */
export async function readReply(response: Response): Promise<StreamedReply> {
  const status = response.status;
  const type = response.headers.get('content-type') ?? '';
  if (status !== 200 || !type.startsWith('text/event-stream')) {
    const raw = await response.text();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Not JSON: kept as text.
    }
    return { status, text: '', problem: `expected an event stream, got ${status} ${type}`, body };
  }
  const raw = (await response.text()).replaceAll('\r\n', '\n');
  let text = '';
  let done = false;
  let problem: string | undefined;
  for (const block of raw.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data === '') continue;
    if (done) {
      problem ??= 'data after [DONE]';
      continue;
    }
    if (data === '[DONE]') {
      done = true;
      continue;
    }
    try {
      const chunk = JSON.parse(data) as ChatCompletionChunk;
      if (chunk.object !== 'chat.completion.chunk' || !Array.isArray(chunk.choices)) problem ??= `not a chat.completion.chunk: ${data.slice(0, 120)}`;
      text += chunk.choices?.[0]?.delta?.content ?? '';
    } catch {
      problem ??= `a chunk that is not JSON: ${data.slice(0, 120)}`;
    }
  }
  if (!done) problem ??= 'the stream did not end with [DONE]';
  return { status, text, problem };
}

/** Sends the conversation so far, ending with the customer's new message, and reads the streamed reply. */
export async function sendMessage(client: TestClient, history: Turn[], content: string): Promise<StreamedReply> {
  const response = await client.request('/api/support-chat', { method: 'POST', json: { messages: [...history, { role: 'user', content }] } });
  return readReply(response);
}

/** The action form: runs the action the customer confirmed; answers `{message}` or an error. */
export async function sendAction(
  client: TestClient,
  history: Turn[],
  options: { action: string; orderId: string },
): Promise<{ status: number; message: string; body: unknown }> {
  const messages = history.length > 0 ? history : [{ role: 'user', content: 'Confirm' }];
  const response = await client.request('/api/support-chat', { method: 'POST', json: { messages, action: options.action, orderId: options.orderId } });
  const body: unknown = await response.json().catch(() => null);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object' && 'message' in body.error
        ? String(body.error.message)
        : '';
  return { status: response.status, message, body };
}
