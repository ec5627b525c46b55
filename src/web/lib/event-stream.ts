import { ApiError, apiStream } from './api-client';
import { listenToAppResume } from './platform';

/** One dispatched server-sent event. */
export interface StreamMessage {
  /** The `event` field; 'message' when the server named none. */
  event: string;
  /** The `data` lines joined by newlines. */
  data: string;
  /** The last event id the stream has set, this event's own or an earlier one's; '' when none. */
  lastEventId: string;
}

/**
 * A parser for the text/event-stream format (HTML Living Standard, "Server-sent events"): feed it
 * bytes as they arrive, cut anywhere, and it dispatches whole events. Lines may end with CRLF, LF or
 * CR; a leading byte order mark is dropped; comments are reported (they are the server's heartbeats).
 */
export function createEventStreamParser(handlers: {
  onMessage(message: StreamMessage): void;
  onRetry?(milliseconds: number): void;
  onComment?(text: string): void;
  /** The id a reconnection starts from, kept until the server sends another. */
  lastEventId?: string;
}) {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let firstChunk = true;
  // A CR ends a line at once; an LF right after it (maybe in the next chunk) belongs to the same ending.
  let afterCarriageReturn = false;
  let data: string[] = [];
  let eventType = '';
  let idBuffer = handlers.lastEventId ?? '';
  let lastEventId = idBuffer;

  function dispatch() {
    // The id counts once its event is complete, even an event with no data.
    lastEventId = idBuffer;
    if (data.length === 0) {
      eventType = '';
      return;
    }
    const message = { event: eventType || 'message', data: data.join('\n'), lastEventId };
    data = [];
    eventType = '';
    handlers.onMessage(message);
  }

  function processLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return handlers.onComment?.(line.slice(1).replace(/^ /, ''));
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      // Unknown fields are ignored, as the standard says.
    }
  }

  function feed(text: string) {
    buffer += text;
    let start = 0;
    for (let index = 0; index < buffer.length; index++) {
      const char = buffer[index];
      if (char === '\n' && afterCarriageReturn && index === start) {
        // The LF of a CRLF whose CR ended the previous line.
        start = index + 1;
        afterCarriageReturn = false;
        continue;
      }
      afterCarriageReturn = false;
      if (char === '\r' || char === '\n') {
        processLine(buffer.slice(start, index));
        afterCarriageReturn = char === '\r';
        start = index + 1;
      }
    }
    buffer = buffer.slice(start);
  }

  return {
    push(chunk: Uint8Array | string) {
      let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (firstChunk && text.length > 0) {
        firstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      feed(text);
    },
    /** The stream ended: an event not closed by a blank line is dropped, as the standard says. */
    end() {
      feed(decoder.decode());
      buffer = '';
      data = [];
      eventType = '';
    },
    /** The id to resume from (`Last-Event-ID`): that of the last complete event. */
    get lastEventId() {
      return lastEventId;
    },
  };
}

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface EventStreamOptions {
  /** The API path, e.g. '/api/tracking/orders/42/stream'. */
  path: string;
  onMessage(message: StreamMessage): void;
  onStateChange?(state: StreamState): void;
  /** A refusal that retrying cannot mend (not found, not allowed, signed out): the stream stops. */
  onFatal?(error: ApiError): void;
  /** Stops the stream for good. */
  signal?: AbortSignal;
  /** Where to resume from on the first connection, when the caller already has events. */
  lastEventId?: string;
  /** The first wait before reconnecting and the longest one; the server's `retry` field replaces the first. */
  backoff?: { initialMs: number; maxMs: number };
  /** With no byte (data or heartbeat) for this long the connection is taken as dead and reopened. */
  idleTimeoutMs?: number;
}

const fatalStatuses = new Set([400, 401, 403, 404, 410]);

/**
 * Follows a server-sent event stream over fetch, so the request carries what every API call carries
 * (the session cookie today, the native app's bearer token later), which EventSource cannot. After a
 * drop, the end of the response (a server restart) or a silent connection it reconnects with growing
 * waits, at once when the browser comes back online (going offline drops the connection), and sends `Last-Event-ID` so the server can
 * replay what was missed. When the native app returns to the foreground it drops the connection it
 * holds (the system may have cut it silently) and opens a new one at once. Returns a function that stops it.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const stopped = new AbortController();
  let lastEventId = options.lastEventId ?? '';
  let firstDelay = initialMs;
  let failures = 0;
  let state: StreamState | null = null;
  let wakeUp: (() => void) | null = null;
  let current: AbortController | null = null;
  let resumed = false;

  const setState = (next: StreamState) => {
    if (next === state) return;
    state = next;
    options.onStateChange?.(next);
  };

  const stop = () => {
    stopped.abort();
    wakeUp?.();
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });

  const onOnline = () => wakeUp?.();
  // Offline, the connection held delivers nothing, though the browser may not end it for a while:
  // drop it, so the page says it is reconnecting instead of live, and resume once back online.
  const onOffline = () => current?.abort();
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  const stopListeningToResume = listenToAppResume(() => {
    if (stopped.signal.aborted) return;
    resumed = true;
    failures = 0;
    current?.abort();
    wakeUp?.();
  });

  /** Waits before the next attempt; coming back online or stopping cuts the wait short. */
  function pause(milliseconds: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, milliseconds);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  /** One connection; resolves when it ends for any reason but a fatal refusal. */
  async function connect(): Promise<'ended' | 'fatal'> {
    const connection = new AbortController();
    current = connection;
    // A resume that came while waiting has already cut the wait short.
    resumed = false;
    const abortConnection = () => connection.abort();
    stopped.signal.addEventListener('abort', abortConnection, { once: true });
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(abortConnection, idleTimeoutMs);
    };
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      touch();
      const response = await apiStream(options.path, { headers, cache: 'no-store', signal: connection.signal });
      if (!response.body) return 'ended';
      setState('open');
      failures = 0;
      const parser = createEventStreamParser({
        onMessage: (message) => {
          lastEventId = message.lastEventId;
          options.onMessage(message);
        },
        onRetry: (milliseconds) => (firstDelay = milliseconds),
        lastEventId,
      });
      const reader = response.body.getReader();
      // Not every fetch ends the body when its signal aborts; cancelling the reader always does.
      const cancel = () => void reader.cancel().catch(() => {});
      connection.signal.addEventListener('abort', cancel, { once: true });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          touch();
          parser.push(value);
          lastEventId = parser.lastEventId;
        }
      } finally {
        connection.signal.removeEventListener('abort', cancel);
        reader.releaseLock();
      }
      // An event the drop cut short is dropped, and its id with it: the server sends it again.
      parser.end();
      return 'ended';
    } catch (error) {
      if (error instanceof ApiError && fatalStatuses.has(error.status)) {
        options.onFatal?.(error);
        return 'fatal';
      }
      return 'ended';
    } finally {
      clearTimeout(idleTimer);
      stopped.signal.removeEventListener('abort', abortConnection);
      current = null;
    }
  }

  void (async () => {
    setState('connecting');
    while (!stopped.signal.aborted) {
      const outcome = await connect();
      if (outcome === 'fatal' || stopped.signal.aborted) break;
      setState('reconnecting');
      if (resumed) {
        resumed = false;
        continue;
      }
      const wait = Math.min(firstDelay * 2 ** failures, maxMs);
      failures += 1;
      // Some spread, so that clients dropped together do not all come back in the same instant.
      await pause(wait * (0.8 + Math.random() * 0.4));
    }
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
    stopListeningToResume();
    options.signal?.removeEventListener('abort', stop);
    setState('closed');
  })();

  return stop;
}
