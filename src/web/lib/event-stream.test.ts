import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStreamParser, openEventStream, type StreamMessage, type StreamState } from './event-stream';

function parseAll(chunks: (string | Uint8Array)[], lastEventId?: string) {
  const messages: StreamMessage[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = createEventStreamParser({ onMessage: (m) => messages.push(m), onRetry: (r) => retries.push(r), onComment: (c) => comments.push(c), lastEventId });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { messages, retries, comments, lastEventId: parser.lastEventId };
}

const sample = [
  '\uFEFF: heartbeat\r\n',
  'retry: 2500\n',
  'event: snapshot\r\nid: 7\r\ndata: {"a":1}\r\n\r\n',
  'event: status\rid: 8\rdata: line one\rdata: line two\r\r',
  'data:no space\ndata:  two spaces\n\n',
  ': ping\n\n',
  'id: 9\n\n',
  'data\n\n',
  'event: position\ndata: café ☕\nunknown: field\nid: 10\n\n',
  'event: status\ndata: never finished\nid: 11\n',
].join('');

const expected: StreamMessage[] = [
  { event: 'snapshot', data: '{"a":1}', lastEventId: '7' },
  { event: 'status', data: 'line one\nline two', lastEventId: '8' },
  { event: 'message', data: 'no space\n two spaces', lastEventId: '8' },
  { event: 'message', data: '', lastEventId: '9' },
  { event: 'position', data: 'café ☕', lastEventId: '10' },
];

describe('the event stream parser', () => {
  it('reads fields, multi-line data, CR, LF and CRLF endings, comments, retry, a BOM, and drops an unfinished event', () => {
    const result = parseAll([sample]);
    expect(result.messages).toEqual(expected);
    expect(result.retries).toEqual([2500]);
    expect(result.comments).toEqual(['heartbeat', 'ping']);
    // The unfinished event's id does not count: resuming from it would skip that event.
    expect(result.lastEventId).toBe('10');
  });

  it('gives the same events however the bytes are cut: at every position, mid-line, mid-field and mid-character', () => {
    const bytes = new TextEncoder().encode(sample);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(parseAll([bytes.slice(0, cut), bytes.slice(cut)]).messages, `cut at byte ${cut}`).toEqual(expected);
    }
    expect(parseAll([...bytes].map((byte) => Uint8Array.of(byte))).messages).toEqual(expected);
  });

  it('treats a CR at the end of one chunk and the LF at the start of the next as one line ending', () => {
    const result = parseAll(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(result.messages).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }]);
  });

  it('keeps the id it resumed from until the server sends another', () => {
    expect(parseAll(['data: x\n\n'], '41').messages).toEqual([{ event: 'message', data: 'x', lastEventId: '41' }]);
  });
});

/** A server for the reader: each request gets a stream the test writes to and ends. */
function streamServer() {
  const connections: { headers: Headers; controller: ReadableStreamDefaultController<Uint8Array>; write(text: string): void; end(): void }[] = [];
  const responses: (() => Response)[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const planned = responses.shift();
    if (planned) return planned();
    const headers = new Headers(init?.headers);
    return await new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          connections.push({
            headers,
            controller,
            write: (text) => controller.enqueue(encoder.encode(text)),
            end: () => controller.close(),
          });
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
      void input;
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { connections, responses, fetch };
}

function follow(options: Partial<Parameters<typeof openEventStream>[0]> = {}) {
  const messages: StreamMessage[] = [];
  const states: StreamState[] = [];
  const stop = openEventStream({
    path: '/api/tracking/orders/1/stream',
    onMessage: (m) => messages.push(m),
    onStateChange: (s) => states.push(s),
    backoff: { initialMs: 5, maxMs: 20 },
    ...options,
  });
  return { messages, states, stop };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('following an event stream', () => {
  it('asks for an event stream through the API fetch and says when it is open', async () => {
    const server = streamServer();
    const { messages, states, stop } = follow();
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    expect(server.fetch.mock.calls[0]![0]).toBe('/api/tracking/orders/1/stream');
    expect(server.fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(server.connections[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(server.connections[0]!.headers.has('last-event-id')).toBe(false);
    server.connections[0]!.write('event: status\nid: 3\ndata: {}\n\n');
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(states).toEqual(['connecting', 'open']);
    stop();
    await vi.waitFor(() => expect(states.at(-1)).toBe('closed'));
  });

  it('reconnects after the server ends the stream (a restart), sending the last complete event id', async () => {
    const server = streamServer();
    const { messages, states, stop } = follow();
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    server.connections[0]!.write('id: 5\ndata: a\n\nid: 6\ndata: cut sh');
    server.connections[0]!.end();
    await vi.waitFor(() => expect(server.connections).toHaveLength(2));
    expect(server.connections[1]!.headers.get('last-event-id')).toBe('5');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    server.connections[1]!.write('id: 6\ndata: b\n\n');
    await vi.waitFor(() => expect(messages.map((m) => m.data)).toEqual(['a', 'b']));
    stop();
  });

  it('reconnects after a network error, and again with growing waits while the server is away', async () => {
    const server = streamServer();
    const failed = () => {
      throw new TypeError('Failed to fetch');
    };
    server.responses.push(failed, failed, failed);
    const { states, stop } = follow({ backoff: { initialMs: 5, maxMs: 40 } });
    await vi.waitFor(() => expect(server.connections).toHaveLength(1), { timeout: 2000 });
    expect(server.fetch).toHaveBeenCalledTimes(4);
    expect(states).toEqual(['connecting', 'reconnecting', 'open']);
    stop();
  });

  it('waits the growing delay, capped, and the server retry field sets the first one', async () => {
    vi.useFakeTimers();
    const server = streamServer();
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    server.responses.push(() => new Response('retry: 1000\n\n', { status: 200 }));
    for (let index = 0; index < 4; index++) server.responses.push(() => new Response('', { status: 503 }));
    const { stop } = follow({ backoff: { initialMs: 100, maxMs: 5000 }, idleTimeoutMs: 60_000 });
    for (let index = 0; index < 5; index++) await vi.advanceTimersByTimeAsync(10_000);
    const waits = timeouts.mock.calls.map((call) => call[1]).filter((ms) => ms !== 60_000);
    expect(waits.slice(0, 5)).toEqual([1000, 2000, 4000, 5000, 5000]);
    stop();
  });

  it('comes back at once when the browser is online again', async () => {
    const server = streamServer();
    server.responses.push(() => {
      throw new TypeError('Failed to fetch');
    });
    const { states, stop } = follow({ backoff: { initialMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(() => expect(states).toContain('reconnecting'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    stop();
  });

  it('says it is reconnecting as soon as the browser goes offline, and resumes where it was once back online', async () => {
    const server = streamServer();
    const { messages, states, stop } = follow({ backoff: { initialMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    server.connections[0]!.write('id: 4\ndata: a\n\n');
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(states.at(-1)).toBe('reconnecting'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.connections).toHaveLength(2));
    expect(server.connections[1]!.headers.get('last-event-id')).toBe('4');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    stop();
  });

  it('takes a silent connection as dead and reopens it', async () => {
    const server = streamServer();
    const { stop } = follow({ idleTimeoutMs: 30 });
    await vi.waitFor(() => expect(server.connections.length).toBeGreaterThanOrEqual(2));
    stop();
  });

  it('stops for good on a refusal retrying cannot mend, and reports it', async () => {
    const server = streamServer();
    server.responses.push(() => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Order not found.' } }), { status: 404 }));
    const onFatal = vi.fn();
    const { states } = follow({ onFatal });
    await vi.waitFor(() => expect(states.at(-1)).toBe('closed'));
    expect(onFatal).toHaveBeenCalledWith(expect.objectContaining({ status: 404, code: 'NOT_FOUND', message: 'Order not found.' }));
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('stops when its signal aborts, closing the open connection and never reconnecting', async () => {
    const server = streamServer();
    const controller = new AbortController();
    const { states } = follow({ signal: controller.signal });
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    controller.abort();
    await vi.waitFor(() => expect(states.at(-1)).toBe('closed'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('resumes from the id it is given on the first connection', async () => {
    const server = streamServer();
    const { stop } = follow({ lastEventId: '99' });
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    expect(server.connections[0]!.headers.get('last-event-id')).toBe('99');
    stop();
  });
});
