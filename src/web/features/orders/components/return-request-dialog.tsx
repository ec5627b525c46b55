import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { returnRequestInput, type Order } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { mostReturnable, paidForLines, refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { ApiError } from '@/web/lib/api-client';
import { useRequestReturn } from '../api/order-queries';
import { downscalePhoto, PhotoTooBig } from './downscale-photo';

type Picks = Record<string, { checked: boolean; quantity: number }>;

/**
 * Asks for a return or refund of some of a delivered order's lines: which, how many, why, and an
 * optional photo. Shows the amount as the server will work it out, and the most a return can give back by
 * the same rule (`mostReturnable`): more than that is refused before it is sent.
 */
export function ReturnRequestDialog({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const returnable = order.lines.filter((line) => unitsLeftToReturn(line) > 0);
  const [picks, setPicks] = useState<Picks>({});
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<{ name: string; dataUrl: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const [pickError, setPickError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const request = useRequestReturn(order.id, {
    onSuccess: () => {
      toast.success(orderCopy.returns.done);
      setOpen(false);
      reset();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.fields)) toast.error(orderCopy.returns.failed, { description: error.message });
    },
  });

  const chosen = returnable.filter((line) => picks[line.id]?.checked).map((line) => ({ line, units: picks[line.id]!.quantity }));
  const amount = refundOfLines(chosen, order.totals);
  const tax = amount - paidForLines(chosen);
  const most = mostReturnable(returnable, order.totals, order.refundableAmount);
  const tooMuch = amount > most;
  const { serviceFee, deliveryFee, tip } = order.totals;
  // 'Pick at least one item' goes as soon as one is ticked, not only when the request is sent.
  const pickShown = chosen.length === 0 ? pickError : undefined;
  const fields = request.error instanceof ApiError ? (request.error.fields ?? {}) : {};
  /** The server names a line by its place in what was sent. */
  const lineError = (lineId: string) => {
    const index = chosen.findIndex(({ line }) => line.id === lineId);
    return index < 0 ? undefined : (fields[`lines.${index}.quantity`] ?? fields[`lines.${index}.orderLineId`]);
  };

  function reset() {
    setPicks({});
    setReason('');
    setPhoto(null);
    setPhotoError(undefined);
    setPickError(undefined);
    setReasonError(undefined);
    request.reset();
  }

  async function choosePhoto(file: File | undefined) {
    setPhotoError(undefined);
    setPhoto(null);
    if (!file) return;
    setPreparingPhoto(true);
    try {
      setPhoto({ name: file.name, dataUrl: await downscalePhoto(file) });
    } catch (error) {
      setPhotoError(error instanceof PhotoTooBig ? orderCopy.returns.photoTooBig : orderCopy.returns.photoUnreadable);
    } finally {
      setPreparingPhoto(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setPickError(orderCopy.returns.pickOne);
    setPickError(undefined);
    // The server's own rule and words for the reason, so a blank one is not sent only to be refused.
    const checked = returnRequestInput.shape.reason.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      reasonField.current?.focus();
      return;
    }
    setReasonError(undefined);
    request.mutate(
      {
        lines: chosen.map(({ line, units }) => ({ orderLineId: line.id, quantity: units })),
        reason,
        ...(photo ? { photo: photo.dataUrl } : {}),
      },
    );
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
        <Button variant="outline">{orderCopy.returns.action}</Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{orderCopy.returns.title}</DialogTitle>
          <DialogDescription>{orderCopy.returns.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit} aria-label={orderCopy.returns.title}>
          <fieldset className="grid gap-3" aria-describedby={pickShown || fields.lines ? 'return-lines-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">{orderCopy.detail.items}</legend>
            {returnable.map((line) => {
              const left = unitsLeftToReturn(line);
              const pick = picks[line.id] ?? { checked: false, quantity: left };
              const error = lineError(line.id);
              const setPick = (next: Partial<typeof pick>) => setPicks((current) => ({ ...current, [line.id]: { ...pick, ...next } }));
              return (
                <div key={line.id} className="grid gap-1">
                  <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
                    <input
                      type="checkbox"
                      id={`return-${line.id}`}
                      className="size-4 accent-primary"
                      checked={pick.checked}
                      aria-label={orderCopy.returns.item(line.name)}
                      onChange={(event) => setPick({ checked: event.target.checked })}
                    />
                    <label htmlFor={`return-${line.id}`} className="min-w-0 text-sm">
                      <span className="font-medium">{line.name}</span>{' '}
                      <span className="text-muted-foreground">
                        {formatMoney(line.unitPrice)} · {left} of {line.quantity}
                      </span>
                    </label>
                    <NativeSelect
                      className="w-20"
                      value={pick.quantity}
                      disabled={!pick.checked}
                      aria-label={orderCopy.returns.quantityOf(line.name)}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => setPick({ quantity: Number(event.target.value) })}
                    >
                      {Array.from({ length: left }, (_, index) => index + 1).map((count) => (
                        <option key={count} value={count}>
                          {count}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  {error ? (
                    <p role="alert" className="text-sm text-destructive">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            {pickShown || fields.lines ? (
              <p id="return-lines-error" role="alert" className="text-sm text-destructive">
                {pickShown ?? fields.lines}
              </p>
            ) : null}
          </fieldset>

          <TextAreaField
            ref={reasonField}
            label={orderCopy.returns.reason}
            maxLength={1000}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError ?? fields.reason}
          />

          <div className="grid gap-1.5">
            <Label htmlFor="return-photo">{orderCopy.returns.photo}</Label>
            <Input
              id="return-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={photoError || fields.photo ? true : undefined}
              aria-describedby="return-photo-message"
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
            <p id="return-photo-message" role={photoError || fields.photo ? 'alert' : undefined} className={photoError || fields.photo ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
              {photoError ?? fields.photo ?? (photo ? photo.name : orderCopy.returns.photoHint)}
            </p>
          </div>

          <div className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm">
            <p className="flex justify-between font-semibold">
              <span>{orderCopy.returns.amount}</span>
              <output aria-label={orderCopy.returns.amount} className="tabular-nums">
                {formatMoney(amount)}
              </output>
            </p>
            {tax > 0 ? <p className="text-muted-foreground">{orderCopy.returns.includesTax(formatMoney(tax))}</p> : null}
            <p className="text-muted-foreground">{orderCopy.returns.refundable(formatMoney(most))}</p>
            {serviceFee + deliveryFee + tip > 0 ? <p className="text-muted-foreground">{orderCopy.returns.feesStay}</p> : null}
            {tooMuch ? (
              <p role="alert" className="text-destructive">
                {orderCopy.returns.tooMuch}
              </p>
            ) : null}
          </div>

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {orderCopy.returns.close}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={preparingPhoto || tooMuch} busy={request.isPending}>
              {orderCopy.returns.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
