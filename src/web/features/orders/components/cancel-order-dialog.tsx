import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { orderCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { useCancelOrder } from '../api/order-queries';

/** Cancels an order after the customer confirms, with an optional reason; `paid` when its card was charged already. */
export function CancelOrderDialog({ orderId, paid }: { orderId: string; paid: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(orderId, {
    onSuccess: () => {
      toast.success(orderCopy.cancel.done);
      setOpen(false);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.fields?.reason)) toast.error(orderCopy.cancel.failed, { description: error.message });
    },
  });
  const fieldError = cancel.error instanceof ApiError ? cancel.error.fields?.reason : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">{orderCopy.cancel.action}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{orderCopy.cancel.title}</DialogTitle>
          <DialogDescription>{paid ? orderCopy.cancel.descriptionPaid : orderCopy.cancel.description}</DialogDescription>
        </DialogHeader>
        <TextAreaField label={orderCopy.cancel.reason} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} error={fieldError} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{orderCopy.cancel.keep}</Button>
          </DialogClose>
          <Button variant="destructive" busy={cancel.isPending} onClick={() => cancel.mutate(reason)}>
            {orderCopy.cancel.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
