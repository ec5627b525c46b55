import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { trackingLookupInput, type TrackingSnapshot } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useTrackingLookup } from '../api/order-queries';

type FormInput = z.input<typeof trackingLookupInput>;
type FormOutput = z.output<typeof trackingLookupInput>;

/** Finds an order by its number and the account's email, for following it without signing in as its customer. */
export function TrackingLookupForm({ onFound }: { onFound: (found: { snapshot: TrackingSnapshot; token: string }) => void }) {
  const lookup = useTrackingLookup();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(trackingLookupInput), defaultValues: { orderNumber: '', email: '' } });
  useServerFieldErrors(lookup.error, form.setError);
  const { errors } = form.formState;

  function submit(values: FormOutput) {
    lookup.mutate(values, {
      onSuccess: onFound,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) return;
        // One answer for a wrong number and a wrong email, shown where the customer starts over.
        if (error instanceof ApiError && error.status === 404) form.setError('orderNumber', { type: 'server', message: error.message });
        else toast.error(error.message);
      },
    });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} aria-label={orderCopy.tracking.lookupTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={orderCopy.tracking.orderNumber} placeholder={orderCopy.orderNumberExample} autoComplete="off" autoCapitalize="characters" error={errors.orderNumber?.message} {...form.register('orderNumber')} />
        <FormField label={orderCopy.tracking.email} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      </div>
      <Button type="submit" className="justify-self-start" busy={lookup.isPending}>
        {orderCopy.tracking.find}
      </Button>
    </form>
  );
}
