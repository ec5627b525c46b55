import { useRef, useState } from 'react';
import { declineReasons, type DeclineReason } from '@/shared/contracts/orders';
import { kitchenDeclineCopy as copy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-field';
import { toast } from '@/web/lib/toast';
import { useDeclineKitchenOrder } from '../api/kitchen-operator';

/**
 * Turns down a new order the kitchen cannot cook: the operator picks why (the customer reads it) and
 * may add a word. `onDeclined` runs once the server has cancelled it.
 */
export function DeclineOrderDialog({ order, onDeclined }: { order: { id: string; orderNumber: string }; onDeclined(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const decline = useDeclineKitchenOrder();

  function reset() {
    setReason(null);
    setDetails('');
    setMissingReason(false);
  }

  async function submit() {
    if (!reason) {
      setMissingReason(true);
      firstReason.current?.focus();
      return;
    }
    // Awaited rather than passed callbacks: the card (and this dialog) leaves the list as soon as the queue is read again.
    try {
      await decline.mutateAsync({ orderId: order.id, input: { reason, details } });
    } catch (error) {
      // The server's own words: accepted meanwhile, or already cancelled.
      toast.error(copy.failed, { description: error instanceof Error ? error.message : undefined });
      return;
    }
    toast.success(copy.done(order.orderNumber));
    setOpen(false);
    reset();
    onDeclined();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="min-h-10" aria-label={copy.actionFor(order.orderNumber)}>
          {copy.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title(order.orderNumber)}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-1" aria-describedby={missingReason ? `decline-reason-error-${order.id}` : undefined}>
          <legend className="mb-1 text-sm font-medium">{copy.reason}</legend>
          {declineReasons.map((value, index) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm has-[:checked]:border-primary">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`decline-reason-${order.id}`}
                className="size-4"
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
              />
              {copy.reasons[value]}
            </label>
          ))}
          {missingReason ? (
            <p id={`decline-reason-error-${order.id}`} role="alert" className="text-sm text-destructive">
              {copy.pickReason}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField label={copy.details} maxLength={200} value={details} onChange={(event) => setDetails(event.target.value)} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{copy.keep}</Button>
          </DialogClose>
          <Button variant="destructive" busy={decline.isPending} onClick={() => void submit()}>
            {copy.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
