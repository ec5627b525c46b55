import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { cardPayment, orderRefusals, paymentCopy } from '@/shared/copy';
import { QueryError } from '@/web/components/ui/query-error';
import { orderPaymentQuery, paymentConfigQuery } from '../api/payment-queries';

// Stripe.js and its React bindings load only when a card is actually to be taken.
const StripeCardFields = lazy(() => import('./stripe-card-fields').then((module) => ({ default: module.StripeCardFields })));

export interface CardPaymentFormProps {
  /** The PaymentIntent's client secret, from placing the order. */
  clientSecret: string;
  orderId: string;
  /** Called once the server has the payment as paid (through Stripe's webhook). */
  onPaid: () => void;
  /** How often to ask whether the payment is confirmed, and for how long. */
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

function Status({ children, busy = false }: { children: string; busy?: boolean }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <CircleCheck className="size-4 text-primary" aria-hidden />}
      {children}
    </p>
  );
}

/**
 * Takes a card payment for a placed order with Stripe's own Payment Element (the card never touches
 * our server). After Stripe confirms in the browser, the order is paid only once Stripe's webhook
 * says so: the form polls the order until its payment is `paid`, then calls `onPaid`.
 */
export function CardPaymentForm({ clientSecret, orderId, onPaid, pollIntervalMs = 2000, pollTimeoutMs = 60_000 }: CardPaymentFormProps) {
  const config = useQuery(paymentConfigQuery);
  // When Stripe confirmed in the browser; from then on the order is asked until the webhook has told the server.
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const paymentQuery = orderPaymentQuery(orderId);
  const payment = useQuery({
    ...paymentQuery,
    refetchInterval: (query) => (confirmedAt !== null && !timedOut && query.state.data?.payment.status !== 'paid' ? pollIntervalMs : false),
  });
  const status = payment.data?.payment.status;
  const paid = status === 'paid';
  // Stripe declined after all (an answer fetched since confirming): the customer may try again with the same intent.
  const failedAfterConfirm = confirmedAt !== null && payment.dataUpdatedAt >= confirmedAt && status === 'failed';
  const waiting = confirmedAt !== null && !paid && !failedAfterConfirm && !timedOut;
  const paidOnce = useRef(false);

  useEffect(() => {
    if (!paid || paidOnce.current) return;
    paidOnce.current = true;
    onPaid();
  }, [paid, onPaid]);

  useEffect(() => {
    if (failedAfterConfirm) toast.error(paymentCopy.failed);
  }, [failedAfterConfirm]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), pollTimeoutMs);
    return () => clearTimeout(timer);
  }, [waiting, pollTimeoutMs]);

  return (
    <section aria-labelledby="card-payment-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="card-payment-title" className="text-lg font-semibold">
        {cardPayment.title}
      </h2>
      {(() => {
        if (config.isPending || payment.isPending) return <Status busy>{cardPayment.loading}</Status>;
        if (config.isError) return <QueryError compact title={cardPayment.loadFailed} error={config.error} onRetry={() => void config.refetch()} />;
        if (payment.isError) return <QueryError compact title={cardPayment.loadFailed} error={payment.error} onRetry={() => void payment.refetch()} />;
        if (paid) return <Status>{cardPayment.paid}</Status>;
        if (!config.data.card || !config.data.publishableKey) {
          return (
            <p role="alert" className="text-sm text-destructive">
              {orderRefusals.cardUnavailable}
            </p>
          );
        }
        if (payment.data.payment.method !== 'card' || (status !== 'pending' && status !== 'failed')) {
          return <p className="text-sm text-muted-foreground">{cardPayment.notPayable}</p>;
        }
        if (waiting) return <Status busy>{cardPayment.waiting}</Status>;
        if (timedOut) {
          return (
            <p role="alert" className="text-sm">
              {cardPayment.timedOut}
            </p>
          );
        }
        return (
          <>
            {failedAfterConfirm && (
              <p role="alert" className="text-sm text-destructive">
                {paymentCopy.failed}
              </p>
            )}
            <Suspense fallback={<Status busy>{cardPayment.loading}</Status>}>
            <StripeCardFields
              publishableKey={config.data.publishableKey}
              clientSecret={clientSecret}
              orderId={orderId}
              amount={payment.data.totalAmount}
              onConfirmed={() => {
                setConfirmedAt(Date.now());
                setTimedOut(false);
                void payment.refetch();
              }}
            />
            </Suspense>
          </>
        );
      })()}
    </section>
  );
}
