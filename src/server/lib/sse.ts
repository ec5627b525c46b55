import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { errorEntry } from './logger';

/** How often an idle stream sends a comment, so proxies and load balancers keep it open. */
export const HEARTBEAT_MS = 15_000;
/** How long a client waits before it reconnects after a drop. */
export const RETRY_MS = 3_000;

export interface ServerEvent {
  event: string;
  data: unknown;
  /** Only events a client can resume after carry an id (Last-Event-ID). */
  id?: string;
}

export interface EventSink {
  send(event: ServerEvent): Promise<void>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

export interface EventStreamOptions {
  heartbeatMs?: number;
  retryMs?: number;
}

/**
 * A server-sent event stream: `run` writes events until it returns (the stream then ends) or the
 * client leaves (the signal aborts, and `run` should return soon after). The answer is marked so that
 * no cache keeps it and no proxy holds it back or compresses it: each event must leave as it is
 * written. (compressJson only touches JSON, so it never buffers a stream.)
 */
export function eventStream(c: Context, run: (sink: EventSink) => Promise<void>, options: EventStreamOptions = {}): Response {
  const response = streamSSE(c, async (stream) => {
    const aborted = new AbortController();
    stream.onAbort(() => aborted.abort());
    const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
    try {
      await stream.write(`retry: ${options.retryMs ?? RETRY_MS}\n\n`);
      await run({
        signal: aborted.signal,
        async send({ event, data, id }) {
          if (aborted.signal.aborted) return;
          await stream.writeSSE({ event, data: JSON.stringify(data), ...(id === undefined ? {} : { id }) });
        },
      });
    } catch (error) {
      // The status line has gone out already: the stream just ends, and the client reconnects.
      c.var.logger?.error(errorEntry(error), 'event stream failed');
    } finally {
      clearInterval(heartbeat);
      aborted.abort();
    }
  });
  response.headers.set('cache-control', 'no-store, no-transform');
  response.headers.set('x-accel-buffering', 'no');
  return response;
}

export interface DataSink {
  /** Writes one `data:` line (and the blank line that ends the event). */
  send(data: string): Promise<void>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * A stream of unnamed `data:` events, as OpenAI-compatible chat clients read them (no `event:` names,
 * no ids). Marked like `eventStream` so that nothing caches, buffers or compresses it.
 */
export function dataStream(c: Context, run: (sink: DataSink) => Promise<void>): Response {
  const response = streamSSE(c, async (stream) => {
    const aborted = new AbortController();
    stream.onAbort(() => aborted.abort());
    try {
      await run({
        signal: aborted.signal,
        async send(data) {
          if (aborted.signal.aborted) return;
          await stream.writeSSE({ data });
        },
      });
    } catch (error) {
      c.var.logger?.error(errorEntry(error), 'data stream failed');
    } finally {
      aborted.abort();
    }
  });
  response.headers.set('cache-control', 'no-store, no-transform');
  response.headers.set('x-accel-buffering', 'no');
  return response;
}
