import { Banknote, CreditCard } from 'lucide-react';
import { checkoutCopy } from '@/shared/copy';
import type { PaymentMethod } from '@/shared/contracts/orders';
import { CheckoutSection, FieldMessage, RadioCard } from './checkout-section';

/** Pay on delivery always; a card only when the server says card payments are set up. */
export function PaymentMethodStep({
  cardEnabled,
  selected,
  onSelect,
  error,
}: {
  cardEnabled: boolean;
  selected: PaymentMethod;
  onSelect: (method: PaymentMethod) => void;
  error: string | undefined;
}) {
  return (
    <CheckoutSection title={checkoutCopy.paymentMethod} asFieldset>
      <div className="grid gap-2 sm:grid-cols-2">
        <RadioCard
          name="paymentMethod"
          value="cash_on_delivery"
          checked={selected === 'cash_on_delivery'}
          onChange={() => onSelect('cash_on_delivery')}
          title={
            <>
              <Banknote className="size-4 text-muted-foreground" aria-hidden />
              {checkoutCopy.payOnDelivery}
            </>
          }
          detail={checkoutCopy.payOnDeliveryHint}
        />
        {cardEnabled ? (
          <RadioCard
            name="paymentMethod"
            value="card"
            checked={selected === 'card'}
            onChange={() => onSelect('card')}
            title={
              <>
                <CreditCard className="size-4 text-muted-foreground" aria-hidden />
                {checkoutCopy.card}
              </>
            }
            detail={checkoutCopy.cardHint}
          />
        ) : null}
      </div>
      {error ? <FieldMessage>{error}</FieldMessage> : null}
    </CheckoutSection>
  );
}
