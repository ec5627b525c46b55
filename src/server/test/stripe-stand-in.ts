import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the stand-in received: its form fields flattened as Stripe's SDK encodes them (`metadata[order_id]`). */
export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  form: Record<string, string>;
}

export interface StripeErrorAnswer {
  status: number;
  error: { type: string; code?: string; message: string; decline_code?: string };
}

export interface StripeStandIn {
  url: string;
  requests: StripeRequest[];
  /** The requests to a path, e.g. '/v1/refunds'. */
  requestsTo(method: string, path: string | RegExp): StripeRequest[];
  /** Answers the next `times` requests to `path` with an error, as Stripe would. */
  failNext(method: string, path: string | RegExp, answer: StripeErrorAnswer, times?: number): void;
  /** The status new refunds are created with ('succeeded' unless set). */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

/**
 * A small local HTTP server standing in for Stripe's API, for tests without the internet: point the
 * SDK at it (STRIPE_API_URL). It records every request and answers PaymentIntent create, cancel and
 * list and refund create in Stripe's shapes (ids, status, client_secret); a repeated idempotency key
 * gets the first answer again, as Stripe does.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const failures: { method: string; path: string | RegExp; answer: StripeErrorAnswer; times: number }[] = [];

  function answer(request: StripeRequest): { status: number; body: unknown } {
    const failure = failures.find((candidate) => candidate.method === request.method && matches(candidate.path, request.path));
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return { status: failure.answer.status, body: { error: failure.answer.error } };
    }
    const { form } = request;
    const now = Math.floor(Date.now() / 1000);
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const intentId = id('pi');
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        automatic_payment_methods: { enabled: form['automatic_payment_methods[enabled]'] === 'true' },
        metadata,
        created: now,
        livemode: false,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } };
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (request.method === 'GET' && request.path === '/v1/payment_intents') {
      return { status: 200, body: { object: 'list', data: [...intents.values()].slice(0, 1), has_more: intents.size > 1, url: '/v1/payment_intents' } };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const metadata = form['metadata[refund_id]'] ? { refund_id: form['metadata[refund_id]'] } : {};
      return {
        status: 200,
        body: { id: id('re'), object: 'refund', amount: Number(form.amount), payment_intent: form.payment_intent, status: standIn.refundStatus, metadata, created: now },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } } };
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const text = Buffer.concat(chunks).toString('utf8') || url.search.slice(1);
    const request: StripeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: incoming.headers['idempotency-key']?.toString() ?? null,
      authorization: incoming.headers.authorization ?? null,
      form: Object.fromEntries(new URLSearchParams(text)),
    };
    requests.push(request);
    const replay = request.idempotencyKey ? byIdempotencyKey.get(`${request.method} ${request.path} ${request.idempotencyKey}`) : undefined;
    const result = replay ?? answer(request);
    if (request.idempotencyKey && !replay && result.status < 500) byIdempotencyKey.set(`${request.method} ${request.path} ${request.idempotencyKey}`, result);
    outgoing.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
    outgoing.end(JSON.stringify(result.body));
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    refundStatus: 'succeeded',
    requestsTo: (method, path) => requests.filter((request) => request.method === method && matches(path, request.path)),
    failNext(method, path, answer, times = 1) {
      failures.push({ method, path, answer, times });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}

/** Keys for a test app with card payments, its API pointed at the stand-in. */
export function stripeTestEnv(standIn: Pick<StripeStandIn, 'url'>) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_signing_secret',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_API_URL: standIn.url,
  };
}

const signer = new Stripe('sk_test_signer');

/**
 * A Stripe event as its webhook would deliver it: the JSON body and a Stripe-Signature header made by
 * the SDK's own test helper (with another secret, a forged one).
 */
export function signedStripeEvent(options: { secret: string; type: string; object: Record<string, unknown>; id?: string; created?: number }): {
  body: string;
  headers: Record<string, string>;
} {
  const created = options.created ?? Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: options.id ?? id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    type: options.type,
    data: { object: options.object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: options.secret });
  return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
}
