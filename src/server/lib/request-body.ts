import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';

/**
 * A request body at most `maxSize` bytes long, and nothing left unread on the connection afterwards
 * (ADR 034).
 *
 * A refusal often comes before the body is read: signed out, not allowed, a closed order. On a
 * keep-alive connection the rest of that body still sits in front of the client's next request, and
 * `@hono/node-server` cannot skip it once the body's stream exists (this middleware's own check makes
 * it): the connection stalls and is cut half a second later, failing whatever the client sent next.
 * So a body within the limit that the route left unread is read here and thrown away before the
 * answer goes out, and the connection serves the next request. A body declared larger than the limit
 * is never read: its 413 says `Connection: close`, and the client opens a new connection.
 */
export function limitRequestBody(maxSize: number): MiddlewareHandler {
  const tooLarge = (c: Context): never => {
    c.header('Connection', 'close');
    throw new HTTPException(413);
  };
  const limit = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    // The request as it arrived: routes may put another in its place (a parsed copy, a buffered body).
    const request = c.req.raw;
    const declared = declaredLength(c);
    if (declared === undefined) {
      await limit(c, next);
    } else {
      // A declared length is all the connection delivers of this body, so it is checked without
      // touching the body: the route then reads it straight from the connection, where reaching for
      // `c.req.raw.body` (as hono's limit does) builds a WHATWG Request and stream for every request.
      if (declared > maxSize) tooLarge(c);
      await next();
    }
    if (!(await discardUnreadBody(request, maxSize))) c.res.headers.set('Connection', 'close');
  };
}

/** The body's length as its Content-Length declares it, unless it is sent in chunks (whose length only reading tells). */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return Number.parseInt(length, 10) || 0;
}

/**
 * Reads what nobody read of the body, up to `maxSize` bytes. Answers whether the connection is left
 * clean: false when more than `maxSize` bytes were still coming (they are not waited for).
 */
async function discardUnreadBody(request: Request, maxSize: number): Promise<boolean> {
  // A body someone began to read was read to its end (or refused by the limit, which answered already).
  if (request.bodyUsed) return true;
  const body = request.body;
  if (!body || body.locked) return true;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      size += value.byteLength;
      if (size > maxSize) return false;
    }
  } catch {
    // The client went away: there is no connection left to keep.
    return true;
  } finally {
    reader.releaseLock();
  }
}
