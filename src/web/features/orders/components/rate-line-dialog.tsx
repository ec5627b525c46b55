import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import type { OrderLine } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useRateLine } from '../api/order-queries';
import { Stars } from './stars';

/** Rates a received line 1 to 5 stars with an optional comment, or changes the rating given before. */
export function RateLineDialog({ orderId, line }: { orderId: string; line: OrderLine }) {
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(line.rating?.stars ?? 0);
  const [comment, setComment] = useState(line.rating?.comment ?? '');
  const rate = useRateLine(orderId, {
    onSuccess: () => {
      toast.success(orderCopy.ratings.saved);
      setOpen(false);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.fields)) toast.error(orderCopy.ratings.failed, { description: error.message });
    },
  });
  const fields = rate.error instanceof ApiError ? (rate.error.fields ?? {}) : {};
  const [starsError, setStarsError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (stars < 1) return setStarsError(orderCopy.ratings.chooseStars);
    setStarsError(undefined);
    rate.mutate({ orderId, orderLineId: line.id, stars, comment });
  }

  const legendId = `rate-${line.id}-legend`;
  const starsMessage = starsError ?? fields.stars;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setStars(line.rating?.stars ?? 0);
          setComment(line.rating?.comment ?? '');
          setStarsError(undefined);
          rate.reset();
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        {line.rating ? <Stars value={line.rating.stars} label={orderCopy.ratings.yours(line.rating.stars)} /> : null}
        <DialogTrigger asChild>
          <Button variant="link" size="sm" className="h-auto px-0" aria-label={`${line.rating ? orderCopy.ratings.edit : orderCopy.ratings.rate} ${line.name}`}>
            {line.rating ? orderCopy.ratings.edit : orderCopy.ratings.rate}
          </Button>
        </DialogTrigger>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{orderCopy.ratings.title(line.name)}</DialogTitle>
          <DialogDescription>{line.detail}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <div className="grid gap-2">
            <p id={legendId} className="text-sm font-medium">
              {orderCopy.ratings.starsLabel}
            </p>
            <div role="radiogroup" aria-labelledby={legendId} className="flex gap-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
                  <input
                    type="radio"
                    name={`stars-${line.id}`}
                    value={value}
                    // Over the whole star, so a tap anywhere on it picks it; invisible, still a radio to assistive tech.
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                    aria-label={orderCopy.ratings.stars(value)}
                    checked={stars === value}
                    onChange={() => setStars(value)}
                  />
                  <Star aria-hidden className={cn('pointer-events-none size-8 transition-colors', value <= stars ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50')} />
                </label>
              ))}
            </div>
            {starsMessage ? (
              <p role="alert" className="text-sm text-destructive">
                {starsMessage}
              </p>
            ) : null}
          </div>
          <TextAreaField label={orderCopy.ratings.comment} maxLength={1000} value={comment} onChange={(event) => setComment(event.target.value)} error={fields.comment} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {orderCopy.returns.close}
              </Button>
            </DialogClose>
            <Button type="submit" busy={rate.isPending}>
              {orderCopy.ratings.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
