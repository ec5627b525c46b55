/** One server-sent event as a client sees it. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

export interface EventStreamReader {
  /** Every event received so far, in order. */
  readonly events: StreamEvent[];
  /** Comment lines (heartbeats), without the colon. */
  readonly comments: string[];
  /** The reconnection delay the server asked for, in ms. */
  readonly retry: { value?: number };
  /** The next event not yet taken; fails after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Nothing more arrives for `ms`: the events taken so far are all there are. */
  expectQuiet(ms: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): Promise<void>;
}

/** Reads a text/event-stream body the way a fetch-based client does, one event per blank-line block. */
export function readEventStream(response: Response): EventStreamReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retry: { value?: number } = {};
  let taken = 0;
  let buffer = '';
  let wake: (() => void) | undefined;
  let done = false;

  function parse(block: string) {
    const event: StreamEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'retry') retry.value = Number(value);
    }
    // As in browsers, a block without data dispatches nothing (a lone `retry:` only sets the delay).
    if (data.length === 0) return;
    event.data = data.join('\n');
    events.push(event);
  }

  const ended = (async () => {
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        wake?.();
      }
    } catch {
      // Cancelled by close().
    } finally {
      done = true;
      wake?.();
    }
  })();

  async function waitForMore(timeoutMs: number, count: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (events.length < count && !done) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return events.length >= count;
  }

  return {
    events,
    comments,
    retry,
    async next(timeoutMs = 5000) {
      if (!(await waitForMore(timeoutMs, taken + 1))) {
        throw new Error(`No event ${done ? 'before the stream ended' : `within ${timeoutMs} ms`}; had ${JSON.stringify(events.map((e) => e.event))}`);
      }
      return events[taken++]!;
    },
    async expectQuiet(ms) {
      if (await waitForMore(ms, taken + 1)) throw new Error(`Unexpected event ${JSON.stringify(events[taken])}`);
    },
    ended,
    async close() {
      await reader.cancel().catch(() => undefined);
      await ended;
    },
  };
}
