import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { subscribeInput, type PublicMealPlan, type SubscribeInput } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { firstDelivery } from '@/shared/meal-plan-weeks';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { paths } from '@/web/config/paths';
import { QueryError } from '@/web/components/ui/query-error';
import { addressesQuery } from '@/web/features/locations/api/address-queries';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSubscribe } from '../api/meal-plan-queries';

const text = mealPlanCopy.customer;

/** A YYYY-MM-DD date of the kitchen's calendar as a US customer reads it: 'Thursday, Nov 26'. */
function deliveryDateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** Subscribes the customer to a plan, delivered to one of their saved addresses and paid on delivery. */
export function SubscribeDialog({ plan }: { plan: PublicMealPlan }) {
  const [open, setOpen] = useState(false);
  const addresses = useQuery({ ...addressesQuery, enabled: open });
  const subscribe = useSubscribe();
  const form = useForm<SubscribeInput>({ resolver: zodResolver(subscribeInput), defaultValues: { addressId: '' } });
  useServerFieldErrors(subscribe.error, form.setError);
  const addressId = useId();
  const error = form.formState.errors.addressId?.message;
  const saved = addresses.data ?? [];
  const preferred = saved.find((address) => address.isDefault) ?? saved[0];

  // The default address is chosen for them once their addresses are known.
  const { setValue } = form;
  const preferredId = preferred?.id;
  useEffect(() => {
    if (open && preferredId) setValue('addressId', preferredId);
  }, [open, preferredId, setValue]);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (next) form.reset({ addressId: preferredId ?? '' });
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button className="min-h-10" aria-label={text.subscribeTitle(plan.name)}>
          {text.subscribe}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.subscribeTitle(plan.name)}</DialogTitle>
          <DialogDescription>{text.subscribeBody(formatMoney(plan.weeklyPrice))}</DialogDescription>
        </DialogHeader>
        {addresses.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {text.addressesLoading}
          </p>
        ) : addresses.isError ? (
          <QueryError compact title={text.addressesError} error={addresses.error} onRetry={() => void addresses.refetch()} />
        ) : saved.length === 0 ? (
          <div className="grid gap-3">
            <p className="text-sm">{text.noAddresses}</p>
            <Button asChild variant="outline">
              <Link to={paths.accountAddresses}>{text.addAddress}</Link>
            </Button>
          </div>
        ) : (
          <form
            className="grid gap-4"
            noValidate
            aria-label={text.subscribeTitle(plan.name)}
            onSubmit={form.handleSubmit((values) => subscribe.mutate({ planId: plan.id, addressId: values.addressId }, { onSuccess: () => setOpen(false) }))}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={addressId}>{text.address}</Label>
              <NativeSelect
                id={addressId}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${addressId}-message` : undefined}
                {...form.register('addressId')}
              >
                <option value="">{text.chooseAddress}</option>
                {saved.map((address) => (
                  <option key={address.id} value={address.id}>
                    {address.label ? `${address.label}: ` : ''}
                    {address.streetAddress}, {address.city}
                  </option>
                ))}
              </NativeSelect>
              {error ? (
                <p id={`${addressId}-message`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <p className="text-sm font-medium">
              {text.firstDelivery(deliveryDateLabel(firstDelivery({ subscribedAt: new Date(), timeZone: plan.kitchen.timeZone, deliveryDay: plan.deliveryDay })))}
            </p>
            <p className="text-sm text-muted-foreground">{text.payOnDelivery}</p>
            <DialogFooter>
              <Button type="submit" className="min-h-10" busy={subscribe.isPending}>
                {text.confirmSubscribe}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
