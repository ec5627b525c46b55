import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { checkoutCopy, copy, orderRefusals } from '@/shared/copy';
import type { Cart } from '@/shared/contracts/cart';
import { defaultSubstitution, type DeliveryChoice, type PaymentMethod, type PlaceOrderInput, type SubstitutionPreference } from '@/shared/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { useCart } from '@/web/features/cart/use-cart';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { addressesQuery } from '@/web/features/locations/api/address-queries';
import { paymentConfigQuery } from '@/web/features/payments/api/payment-queries';
import { checkoutQuoteQuery, usePlaceOrder } from '../api/checkout-queries';
import { AttemptKey } from '../attempt-key';
import { tipAmount, type TipChoice } from '../tip';
import { useDebounced } from '../use-debounced';
import { AddressStep } from './address-step';
import { CheckoutLines, isOrderable } from './checkout-lines';
import { CheckoutSection, FieldMessage } from './checkout-section';
import { ASAP, DeliveryTimeStep } from './delivery-time-step';
import { OrderSummary } from './order-summary';
import { PaymentMethodStep } from './payment-method-step';
import { TipStep } from './tip-step';

const NOTES_MAX = 500;

interface CheckoutValues {
  addressId: string;
  /** 'asap' or a window's start. */
  delivery: string;
  tip: TipChoice;
  customTip: string;
  paymentMethod: PaymentMethod;
  driverNotes: string;
  substitutions: Record<string, SubstitutionPreference>;
}

const initialValues: CheckoutValues = { addressId: '', delivery: ASAP, tip: 'none', customTip: '', paymentMethod: 'cash_on_delivery', driverNotes: '', substitutions: {} };

/** Refusals after which the page re-prices: the quote then shows what changed. */
const requoteCodes = new Set(['TOTAL_CHANGED', 'LINES_UNAVAILABLE', 'WINDOW_FULL', 'WINDOW_UNAVAILABLE', 'OUT_OF_AREA', 'KITCHEN_CLOSED', 'EMPTY_CART', 'CARD_UNAVAILABLE']);

/** The server's field names as this page's fields: a window's start is the delivery choice; lines are in the alert. */
function asFormErrors(error: unknown): ApiError | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields)) {
    if (name.startsWith('lines.') || name === 'expectedTotal') continue;
    fields[name.startsWith('delivery') ? 'delivery' : name] ??= message;
  }
  return new ApiError(error.status, error.code, error.message, fields);
}

function toDelivery(value: string): DeliveryChoice {
  return value === ASAP ? { kind: 'asap' } : { kind: 'window', start: value };
}

/** A placement whose answer never came: it may have placed the order and emptied `cart`, or never arrived. */
export interface UnansweredAttempt {
  input: PlaceOrderInput;
  key: string;
  cart: Cart;
}

/**
 * The checkout of a cart that has lines: every choice re-prices through the server, which alone decides
 * the total. While an attempt is unanswered the page holds it as sent, choices locked and not re-priced
 * (a re-read would find the cart emptied by the order it may have placed), and placing sends it again.
 */
export function CheckoutForm({
  cart,
  unanswered,
  onUnanswered,
}: {
  cart: Cart;
  unanswered: UnansweredAttempt | null;
  onUnanswered: (attempt: UnansweredAttempt | null) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { removeItem, isUpdating } = useCart();
  const form = useForm<CheckoutValues>({ defaultValues: initialValues });
  const { setValue, clearErrors } = form;
  const { errors } = form.formState;
  const values = { ...initialValues, ...useWatch({ control: form.control }) } as CheckoutValues;
  const notesId = useId();
  const notesCountId = useId();

  const cartFingerprint = cart.items.map((line) => `${line.id}:${line.quantity}`).join(',');
  const settledCustomTip = useDebounced(values.customTip, 400);
  const addresses = useQuery(addressesQuery);
  // A preset tip is a share of the subtotal the server priced, which does not depend on the tip: the
  // last quote gives it, and a changed subtotal (a line removed) re-quotes once more with the new tip.
  const [subtotal, setSubtotal] = useState(0);
  const tip = tipAmount(values.tip, settledCustomTip, subtotal);
  const liveTip = tipAmount(values.tip, values.customTip, subtotal);
  const quote = useQuery({
    ...checkoutQuoteQuery({ addressId: values.addressId || undefined, delivery: toDelivery(values.delivery), tip: tip.cents ?? 0, cart: cartFingerprint }),
    // Without a saved address the quote still prices the lines; with some, it waits for one to be chosen.
    enabled: addresses.isSuccess && (values.addressId !== '' || addresses.data.length === 0) && !isUpdating && unanswered === null,
  });
  const paymentConfig = useQuery(paymentConfigQuery);
  const data = quote.data;
  if (data && !quote.isPlaceholderData && data.totals.subtotal !== subtotal) setSubtotal(data.totals.subtotal);

  const [notice, setNotice] = useState<string | null>(null);
  const [attempt] = useState(() => new AttemptKey());
  const submitting = useRef(false);
  const place = usePlaceOrder({ onPlaced: (placed) => navigate(`${paths.orderSuccess}?order=${encodeURIComponent(placed.orderId)}`) });
  useServerFieldErrors(useMemo(() => asFormErrors(place.error), [place.error]), form.setError);

  const choose = useCallback(
    <K extends 'addressId' | 'delivery' | 'paymentMethod' | 'tip'>(name: K, value: CheckoutValues[K]) => {
      setValue(name, value as never);
      clearErrors(name);
      setNotice(null);
    },
    [setValue, clearErrors],
  );
  const selectAddress = useCallback((addressId: string) => choose('addressId', addressId), [choose]);

  // With nothing on offer as soon as possible (the store or the kitchen is closed now), the first open
  // window is chosen, as the customer would have to: checkout never stalls on a choice it cannot make.
  const firstOpenWindow = data?.delivery.asap.available === false ? data.delivery.windows.find((window) => window.available)?.start : undefined;
  useEffect(() => {
    if (values.delivery === ASAP && firstOpenWindow) setValue('delivery', firstOpenWindow);
  }, [values.delivery, firstOpenWindow, setValue]);

  const selectedWindow = data?.delivery.windows.find((window) => window.start === values.delivery);
  const windowGone = values.delivery !== ASAP && data !== undefined && !quote.isPlaceholderData && !selectedWindow?.available;
  const cardEnabled = paymentConfig.data?.card === true;
  const upToDate = data !== undefined && !quote.isPlaceholderData && !quote.isFetching && settledCustomTip === values.customTip && !isUpdating;
  const blocked = !data || data.problems.length > 0 || !data.serviceable || windowGone || liveTip.error !== undefined || (values.paymentMethod === 'card' && !cardEnabled);
  const canPlace = unanswered !== null || (upToDate && !blocked);

  function requote() {
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] });
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
  }

  function placeOrder() {
    if (submitting.current || place.isPending || !canPlace || !data) return;
    if (unanswered) return send(unanswered.input, unanswered.key);
    const substitutions: Record<string, SubstitutionPreference> = {};
    for (const line of data.lines) {
      if (line.itemType !== 'cloud_kitchen' && isOrderable(line)) substitutions[line.lineId] = values.substitutions[line.lineId] ?? defaultSubstitution(line.itemType);
    }
    const input: PlaceOrderInput = {
      addressId: values.addressId,
      delivery: toDelivery(values.delivery),
      tip: data.totals.tip,
      paymentMethod: values.paymentMethod,
      driverNotes: values.driverNotes,
      substitutions,
      expectedTotal: data.totals.totalAmount,
    };
    // The same inputs are the same attempt: a retry after a lost answer must not place a second order.
    send(input, attempt.for(JSON.stringify([input, cartFingerprint])));
  }

  function send(input: PlaceOrderInput, key: string) {
    submitting.current = true;
    setNotice(null);
    clearErrors();
    place.mutate(
      { input, key },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'NETWORK') {
            onUnanswered({ input, key, cart });
            return setNotice(copy.app.connectionIssue);
          }
          // The server answered: the attempt did not place an order.
          onUnanswered(null);
          if (!(error instanceof ApiError)) return setNotice(checkoutCopy.placeFailed);
          if (requoteCodes.has(error.code)) requote();
          if (error.code === 'TOTAL_CHANGED') setNotice(orderRefusals.totalChanged);
          else if (error.code === 'WINDOW_FULL' || error.code === 'WINDOW_UNAVAILABLE') form.setError('delivery', { type: 'server', message: error.message });
          else if (error.code === 'OUT_OF_AREA') form.setError('addressId', { type: 'server', message: error.message });
          else if (error.code !== 'LINES_UNAVAILABLE' && Object.keys(asFormErrors(error)?.fields ?? {}).length === 0) setNotice(error.message);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  function removeUnavailable() {
    if (!data) return;
    const gone = new Set(data.lines.filter((line) => !isOrderable(line)).map((line) => line.lineId));
    for (const line of cart.items) if (gone.has(line.id)) removeItem(line);
  }

  const summary = data ? (
    <OrderSummary totals={data.totals} updating={quote.isFetching || settledCustomTip !== values.customTip}>
      {notice ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {notice}
          {unanswered ? <span className="mt-1 block">{checkoutCopy.unanswered}</span> : null}
        </p>
      ) : null}
      {/* While the order is being placed the button stays busy, not disabled, so it keeps keyboard focus. */}
      <Button size="lg" className="w-full" disabled={!canPlace && !place.isPending} busy={place.isPending} onClick={placeOrder}>
        {place.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {place.isPending ? checkoutCopy.placing : checkoutCopy.placeOrder}
      </Button>
    </OrderSummary>
  ) : quote.isError ? null : (
    <Skeleton className="h-72 rounded-xl" aria-label={checkoutCopy.loading.summary} />
  );

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <fieldset disabled={unanswered !== null} className="grid min-w-0 grid-cols-1 gap-4">
        <AddressStep selected={values.addressId || undefined} onSelect={selectAddress} quote={data} error={errors.addressId?.message} />
        {quote.isError && !data ? (
          <QueryError title={checkoutCopy.loadFailed} error={quote.error} onRetry={() => quote.refetch()} />
        ) : (
          <>
            <DeliveryTimeStep
              quote={data}
              selected={values.delivery}
              onSelect={(value) => choose('delivery', value)}
              error={errors.delivery?.message ?? (windowGone && selectedWindow && selectedWindow.remaining <= 0 ? orderRefusals.windowFull : windowGone ? orderRefusals.windowPast : undefined)}
            />
            {data ? (
              <CheckoutLines
                lines={data.lines}
                substitutions={values.substitutions}
                onSubstitution={(lineId, preference) => setValue(`substitutions.${lineId}`, preference)}
                onRemoveUnavailable={removeUnavailable}
                removing={isUpdating}
              />
            ) : null}
          </>
        )}
        <CheckoutSection title={checkoutCopy.driverNotes}>
          <div className="grid gap-1.5">
            <Label htmlFor={notesId} className="sr-only">
              {checkoutCopy.driverNotes}
            </Label>
            <Textarea
              id={notesId}
              maxLength={NOTES_MAX}
              placeholder={checkoutCopy.driverNotesHint}
              aria-invalid={errors.driverNotes ? true : undefined}
              aria-describedby={notesCountId}
              {...form.register('driverNotes', { onChange: () => clearErrors('driverNotes') })}
            />
            <p id={notesCountId} className="text-right text-xs text-muted-foreground tabular-nums" aria-live="polite">
              {checkoutCopy.characters(values.driverNotes.length, NOTES_MAX)}
            </p>
            {errors.driverNotes ? <FieldMessage>{errors.driverNotes.message}</FieldMessage> : null}
          </div>
        </CheckoutSection>
        <TipStep
          choice={values.tip}
          onChoice={(choice) => choose('tip', choice)}
          customText={values.customTip}
          onCustomText={(text) => {
            setValue('customTip', text);
            clearErrors('tip');
          }}
          error={liveTip.error ?? errors.tip?.message}
        />
        <PaymentMethodStep cardEnabled={cardEnabled} selected={values.paymentMethod} onSelect={(method) => choose('paymentMethod', method)} error={errors.paymentMethod?.message} />
      </fieldset>
      <div className="lg:sticky lg:top-20">{summary}</div>
    </div>
  );
}
