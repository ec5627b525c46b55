import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { changeStatusInput } from '@/shared/contracts/orders';
import type { Cents } from '@/shared/money';
import { orderRefusals } from '@/shared/copy';
import { driverCopy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useMoveDelivery, wasReassigned } from '../api/driver-queries';
import { CashToCollect } from './cash-to-collect';

// The API's own rules for the note and the code; here the code is required, as the server requires it to deliver.
const deliverForm = changeStatusInput.pick({ note: true }).extend({
  deliveryCode: z.string().min(1, orderRefusals.deliveryCodeRequired).pipe(changeStatusInput.shape.deliveryCode.unwrap()),
});
type FormInput = z.input<typeof deliverForm>;
type FormOutput = z.output<typeof deliverForm>;

/**
 * Proof of delivery: the customer's 4-digit code and a note; a wrong code (or too many) is said at the
 * code field. The cash to collect is repeated here, where the bag is handed over. A delivery given to
 * another driver meanwhile closes the dialog, and `onReassigned` says so.
 */
export function DeliverDialog({
  orderId,
  orderNumber,
  cashToCollect,
  onReassigned,
}: {
  orderId: string;
  orderNumber: string;
  cashToCollect: Cents;
  onReassigned: () => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(deliverForm), defaultValues: { deliveryCode: '', note: '' } });
  const move = useMoveDelivery(orderId, {
    onSuccess: () => {
      toast.success(driverCopy.deliver.done(orderNumber));
      setOpen(false);
    },
    onError: (error) => {
      if (wasReassigned(error)) {
        setOpen(false);
        onReassigned();
        return;
      }
      if (error instanceof ApiError && error.fields) return;
      // Too many wrong codes: the code field is where the driver is looking.
      if (error instanceof ApiError && error.status === 429) form.setError('deliveryCode', { type: 'server', message: error.message });
      else toast.error(error.message);
    },
  });
  useServerFieldErrors(move.error, form.setError);
  const { errors } = form.formState;

  function submit(values: FormOutput) {
    move.mutate({ status: 'delivered', deliveryCode: values.deliveryCode, note: values.note });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg" className="h-12 w-full text-base">
          {driverCopy.assigned.deliver}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{driverCopy.deliver.title(orderNumber)}</DialogTitle>
          <DialogDescription>{driverCopy.deliver.description}</DialogDescription>
        </DialogHeader>
        <CashToCollect amount={cashToCollect} />
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
          <FormField
            label={driverCopy.deliver.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
            error={errors.deliveryCode?.message}
            {...form.register('deliveryCode')}
          />
          <TextAreaField label={driverCopy.deliver.note} placeholder={driverCopy.deliver.notePlaceholder} rows={2} error={errors.note?.message} {...form.register('note')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                {driverCopy.deliver.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" busy={move.isPending}>
              {move.isPending ? driverCopy.deliver.submitting : driverCopy.deliver.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
