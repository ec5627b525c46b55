import { useId } from 'react';
import { checkoutCopy } from '@/shared/copy';
import type { CheckoutQuote } from '@/shared/contracts/orders';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatWindow } from '@/web/lib/format-time';
import { asapEstimate, windowsByDay } from '../delivery-times';
import { CheckoutSection, FieldMessage, RadioCard } from './checkout-section';

/** The value of the delivery choice: 'asap', or the start of a window. */
export const ASAP = 'asap';

/**
 * As soon as possible with its estimate, or an hour's window today or tomorrow, in the source's time
 * zone as the quote gives it; a window the server says is full or too soon cannot be chosen.
 */
export function DeliveryTimeStep({
  quote,
  selected,
  onSelect,
  error,
}: {
  quote: CheckoutQuote | undefined;
  selected: string;
  onSelect: (value: string) => void;
  error: string | undefined;
}) {
  const messageId = useId();
  if (!quote) {
    return (
      <CheckoutSection title={checkoutCopy.deliveryTime}>
        <Skeleton className="h-24" aria-label={checkoutCopy.loading.deliveryTimes} />
      </CheckoutSection>
    );
  }
  // Times to an address no store here delivers to would be a trip across the country: none are offered.
  if (quote.address !== null && !quote.serviceable) {
    return (
      <CheckoutSection title={checkoutCopy.deliveryTime}>
        <p className="text-sm text-muted-foreground">{checkoutCopy.timesNeedServedAddress}</p>
      </CheckoutSection>
    );
  }
  const { asap, windows, timeZone } = quote.delivery;
  const estimate = asap.available ? asapEstimate(asap.minutes, asap.estimatedAt, timeZone) : null;
  const closed = quote.problems.find((problem) => problem.code === 'KITCHEN_CLOSED');
  const unavailableWindow = quote.problems.find((problem) => problem.code === 'WINDOW_UNAVAILABLE');
  // A closed kitchen's reason is ASAP's own detail; a window the server refuses is said under the choices.
  const message = error ?? (selected === ASAP ? undefined : unavailableWindow?.message);
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;

  return (
    <CheckoutSection title={checkoutCopy.deliveryTime} asFieldset describedBy={message ? messageId : undefined}>
      <RadioCard
        name="delivery"
        value={ASAP}
        checked={selected === ASAP}
        disabled={!asap.available}
        onChange={() => onSelect(ASAP)}
        title={checkoutCopy.asap}
        detail={asap.available ? estimate : (closed?.message ?? checkoutCopy.asapUnavailable)}
      />
      {message ? <FieldMessage id={messageId}>{message}</FieldMessage> : null}
      <div className="grid gap-3">
        <p className="flex flex-wrap justify-between gap-2 text-sm font-medium">
          {checkoutCopy.chooseWindow}
          <span className="font-normal text-muted-foreground">{checkoutCopy.timesIn(zoneName)}</span>
        </p>
        {windows.length === 0 ? <p className="text-sm text-muted-foreground">{checkoutCopy.noWindows}</p> : null}
        {windowsByDay(windows, timeZone).map(({ day, windows: dayWindows }) => (
          <div key={day} role="group" aria-label={day} className="grid gap-2">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{day}</p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {dayWindows.map((window) => (
                <RadioCard
                  key={window.start}
                  name="delivery"
                  value={window.start}
                  checked={selected === window.start}
                  disabled={!window.available}
                  onChange={() => onSelect(window.start)}
                  className="p-2.5"
                  title={<span className="tabular-nums">{formatWindow(window, timeZone, { zoneLabel: false })}</span>}
                  detail={window.available ? null : window.remaining <= 0 ? checkoutCopy.windowFull : checkoutCopy.windowTooSoon}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    </CheckoutSection>
  );
}
