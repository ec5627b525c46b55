import { useQuery } from '@tanstack/react-query';
import { MapPin, Plus, Store, UtensilsCrossed } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { addressCopy, checkoutCopy, copy } from '@/shared/copy';
import { addressLine } from '@/shared/contracts/locations';
import type { CheckoutQuote } from '@/shared/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { QueryError } from '@/web/components/ui/query-error';
import { addressesQuery } from '@/web/features/locations/api/address-queries';
import { AddressForm } from '@/web/features/locations/components/address-form';
import { CheckoutSection, FieldMessage, RadioCard } from './checkout-section';

/**
 * The saved addresses (default first) as radio cards, or a new one added inline, which becomes the
 * selected one; under them the source the order comes from, its distance, and whether it delivers here.
 */
export function AddressStep({
  selected,
  onSelect,
  quote,
  error,
}: {
  selected: string | undefined;
  onSelect: (addressId: string) => void;
  quote: CheckoutQuote | undefined;
  error: string | undefined;
}) {
  const addresses = useQuery(addressesQuery);
  const [adding, setAdding] = useState(false);
  const seen = useRef<Set<string> | null>(null);
  const messageId = useId();

  // The default (listed first) is chosen at first; an address added here since is chosen as it appears.
  useEffect(() => {
    if (!addresses.data) return;
    const known = seen.current;
    seen.current = new Set(addresses.data.map((address) => address.id));
    const added = known ? addresses.data.find((address) => !known.has(address.id)) : undefined;
    if (added) onSelect(added.id);
    else if (!selected || !addresses.data.some((address) => address.id === selected)) {
      const first = addresses.data[0];
      if (first) onSelect(first.id);
    }
  }, [addresses.data, selected, onSelect]);

  if (addresses.isPending) {
    return (
      <CheckoutSection title={checkoutCopy.address}>
        <div className="grid gap-2" aria-busy="true" aria-label={checkoutCopy.loading.addresses}>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </CheckoutSection>
    );
  }
  if (addresses.isError) {
    return (
      <CheckoutSection title={checkoutCopy.address}>
        <QueryError compact error={addresses.error} onRetry={() => addresses.refetch()} />
      </CheckoutSection>
    );
  }

  const list = addresses.data;
  const showForm = adding || list.length === 0;
  const source = quote?.source;
  const outOfArea = quote !== undefined && quote.address !== null && !quote.serviceable;
  const message = error ?? (outOfArea ? copy.cart.outsideServiceArea : undefined);

  return (
    <CheckoutSection title={checkoutCopy.address} asFieldset describedBy={message ? messageId : undefined}>
      {list.length === 0 ? <p className="text-sm text-muted-foreground">{checkoutCopy.noAddress}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {list.map((address) => (
          <RadioCard
            key={address.id}
            name="addressId"
            value={address.id}
            checked={selected === address.id}
            onChange={() => onSelect(address.id)}
            title={
              <>
                <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                {address.label || address.streetAddress}
              </>
            }
            detail={
              <>
                <span className="block break-words">{addressLine(address)}</span>
                {address.deliveryInstructions ? (
                  <span className="block break-words whitespace-pre-line">
                    {addressCopy.instructionsShown}: {address.deliveryInstructions}
                  </span>
                ) : null}
              </>
            }
          />
        ))}
      </div>
      {message ? <FieldMessage id={messageId}>{message}</FieldMessage> : null}
      {source && !outOfArea ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" data-testid="order-source">
          {source.kind === 'kitchen' ? <UtensilsCrossed className="size-4" aria-hidden /> : <Store className="size-4" aria-hidden />}
          <span>
            {checkoutCopy.from} <span className="font-medium text-foreground">{source.name}</span>
            {source.distanceMiles !== null ? ` · ${checkoutCopy.milesAway(source.distanceMiles)}` : null}
          </span>
        </p>
      ) : null}
      {showForm ? (
        <div className="rounded-lg border p-4">
          <AddressForm onDone={() => setAdding(false)} autoFocus={adding} />
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {checkoutCopy.addAddress}
          </Button>
        </div>
      )}
    </CheckoutSection>
  );
}
