import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { cardPayment, payButtonLabel } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { paymentErrorMessage } from '@/shared/payment-errors';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { paths } from '@/web/config/paths';

interface FieldsProps {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
  amount: number;
  onConfirmed: () => void;
}

async function stripeFor(publishableKey: string): Promise<Stripe> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error(cardPayment.loadFailed);
  return stripe;
}

/** Where Stripe sends the customer back after a payment method that leaves the page (a bank's own page). */
function returnUrl(orderId: string): string {
  return new URL(`${paths.orderSuccess}?order=${encodeURIComponent(orderId)}`, window.location.origin).toString();
}

function PayForm({ orderId, amount, onConfirmed }: Omit<FieldsProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl(orderId) }, redirect: 'if_required' });
      if (result.error) {
        const message = paymentErrorMessage(result.error);
        // A payment the customer cancelled is not an error to show.
        if (message) {
          setError(message);
          toast.error(message);
        }
        return;
      }
      onConfirmed();
    } catch (thrown) {
      const message = paymentErrorMessage(thrown);
      if (message) {
        setError(message);
        toast.error(message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-describedby={error ? 'card-payment-error' : undefined}>
      <PaymentElement options={{ layout: 'tabs' }} />
      {error && (
        <p id="card-payment-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={!stripe || !elements} busy={submitting}>
        {submitting && <Loader2 className="animate-spin" aria-hidden />}
        {payButtonLabel(formatMoney(amount))}
      </Button>
    </form>
  );
}

/** Stripe.js, its Elements and the pay button: loaded lazily, only when a card is to be taken. */
export function StripeCardFields({ publishableKey, clientSecret, ...form }: FieldsProps) {
  const stripe = useQuery({ queryKey: ['payments', 'stripe-js', publishableKey], queryFn: () => stripeFor(publishableKey), staleTime: Infinity, gcTime: Infinity });
  if (stripe.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {cardPayment.loading}
      </p>
    );
  }
  if (stripe.isError) return <QueryError compact title={cardPayment.loadFailed} error={stripe.error} onRetry={() => void stripe.refetch()} />;
  return (
    <Elements stripe={stripe.data} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PayForm {...form} />
    </Elements>
  );
}
