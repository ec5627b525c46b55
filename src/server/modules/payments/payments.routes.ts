import { createRoute, z } from '@hono/zod-openapi';
import { paymentConfig } from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { handlePaymentWebhook } from './handle-payment-webhook';

/** The webhook path; the origin check lets it through, as its signature is what proves the sender. */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['Payments'],
  summary: 'Whether card payments are offered, and the key the card element loads with',
  responses: { 200: jsonContent(paymentConfig, 'Payment configuration') },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhook',
  tags: ['Payments'],
  summary: "Stripe's signed events (payments succeeded, failed or cancelled, refunds updated); each is handled once",
  // No request schema: a validator would parse the body before the signature is checked over its exact bytes.
  description: 'A Stripe event as JSON, signed in the Stripe-Signature header with the endpoint secret.',
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Handled, now or before'),
    ...errorResponses(400, 404),
  },
});

export function createPaymentRoutes(deps: AppDeps) {
  const { payments } = deps;
  return createRouter()
    .openapi(configRoute, (c) => c.json({ card: payments.cardEnabled, publishableKey: payments.publishableKey }, 200))
    .openapi(
      webhookRoute,
      async (c) => {
        // The signature covers the bytes as sent: the body is read raw, never parsed and re-serialised.
        const rawBody = Buffer.from(await c.req.arrayBuffer());
        const handled = await handlePaymentWebhook({
          db: deps.database.db,
          payments,
          logger: c.var.logger,
          rawBody,
          signature: c.req.header('stripe-signature'),
        });
        return c.json({ received: true as const, duplicate: handled.outcome === 'replayed' }, 200);
      },
    );
}
