import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

/** The header better-auth reads the client address from; only this server may set it. */
export const clientAddressHeader = 'x-client-ip';

/**
 * The address a request came from. Behind a trusted proxy it is the last X-Forwarded-For entry: the
 * proxy appends the address it saw, while every earlier entry is whatever the client chose to send,
 * so trusting the first one would let anyone pick a fresh address for each attempt.
 */
export function resolveClientAddress(options: {
  forwardedFor: string | undefined;
  socketAddress: string | undefined;
  trustProxy: boolean;
}): string | undefined {
  if (options.trustProxy && options.forwardedFor) {
    const last = options.forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return options.socketAddress || undefined;
}

function socketAddressOf(c: Context) {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Outside @hono/node-server (no socket bindings) there is no address to report.
    return undefined;
  }
}

/** Hands better-auth the client address its rate limits are keyed on, replacing any the client sent. */
export function clientAddress(options: { trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const address = resolveClientAddress({
      forwardedFor: c.req.header('x-forwarded-for'),
      socketAddress: socketAddressOf(c),
      trustProxy: options.trustProxy,
    });
    c.req.raw.headers.delete(clientAddressHeader);
    if (address) c.req.raw.headers.set(clientAddressHeader, address);
    await next();
  });
}
