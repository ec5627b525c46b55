import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { refundInput, type Order, type RefundInput } from '@/shared/contracts/orders';
import { staffOrderCopy as copy } from '@/shared/staff-copy';
import { formatMoney, parseMoney } from '@/shared/money';
import { refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { useRefundOrder } from '../api/refund-order';

type Kind = RefundInput['kind'];
interface RefundFields {
  kind: Kind;
  /** Units to refund per order line id, as typed. */
  quantities: Record<string, string>;
  /** A goodwill amount in dollars, as typed. */
  amount: string;
  reason: string;
  /** Holds the message about the picked items as a whole; no control of its own. */
  lines?: string;
}

const kinds: Kind[] = ['line', 'goodwill', 'full'];

/** What the form asks for, in the API's own shape (the server prices full and per-line refunds itself). */
function toInput(order: Order, fields: RefundFields): unknown {
  switch (fields.kind) {
    case 'full':
      return { kind: 'full', reason: fields.reason };
    case 'line':
      return {
        kind: 'line',
        reason: fields.reason,
        lines: order.lines.flatMap((line) => {
          const quantity = Number(fields.quantities[line.id] || 0);
          return quantity !== 0 ? [{ orderLineId: line.id, quantity }] : [];
        }),
      };
    case 'goodwill':
      return { kind: 'goodwill', reason: fields.reason, amount: parseMoney(fields.amount) };
  }
}

/** What the refund would come to, as the server will work it out, for the confirmation. */
function amountOf(order: Order, input: RefundInput): number {
  if (input.kind === 'goodwill') return input.amount;
  if (input.kind === 'full') return order.refundableAmount;
  return refundOfLines(
    input.lines.flatMap((entry) => {
      const line = order.lines.find((candidate) => candidate.id === entry.orderLineId);
      return line ? [{ line, units: entry.quantity }] : [];
    }),
    order.totals,
  );
}

/** Where a message about the API's field belongs in this form. */
function fieldOf(path: string): 'reason' | 'amount' | 'lines' | 'kind' {
  if (path.startsWith('lines')) return 'lines';
  if (path === 'reason' || path === 'amount' || path === 'kind') return path;
  return 'reason';
}

/**
 * A refund with a reason: picked items and quantities, a goodwill amount, or everything still
 * refundable. Checked with the API's own schema, confirmed before it is sent.
 */
export function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order.id);
  const form = useForm<RefundFields>({ defaultValues: { kind: 'line', quantities: {}, amount: '', reason: '' } });
  const [pending, setPending] = useState<RefundInput | null>(null);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;

  const review = form.handleSubmit((fields) => {
    if (fields.kind === 'goodwill' && parseMoney(fields.amount) === null) {
      form.setError('amount', { type: 'schema', message: copy.amountInvalid });
      return;
    }
    const parsed = refundInput.safeParse(toInput(order, fields));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(fieldOf(issue.path.join('.')), { type: 'schema', message: issue.message });
      return;
    }
    setPending(parsed.data);
  });

  async function send() {
    if (!pending) return;
    try {
      await refund.mutateAsync(pending);
      toast.success(copy.refundedToast);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) form.setError(fieldOf(path), { type: 'server', message });
      }
      toast.error(error instanceof Error ? error.message : copy.loadFailed);
    } finally {
      setPending(null);
    }
  }

  if (order.refundableAmount === 0) return <p className="text-sm text-muted-foreground">{copy.nothingRefundable}</p>;

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        // The schema's and the server's messages are set by hand: each new try starts without them.
        form.clearErrors();
        void review(event);
      }}
      noValidate
      aria-label={copy.refundTitle}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{copy.kind}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {kinds.map((option) => (
            <label key={option} className="flex min-h-10 items-center gap-2 text-sm">
              <input type="radio" value={option} className="size-4" {...form.register('kind', { onChange: () => form.clearErrors() })} />
              {copy.kinds[option]}
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'line' ? (
        <fieldset className="grid gap-2" aria-describedby={errors.lines ? 'refund-lines-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{copy.pickLines}</legend>
          {order.lines.map((line) => (
            <div key={line.id} className="flex items-center justify-between gap-3">
              <label htmlFor={`refund-${line.id}`} className="min-w-0 text-sm break-words">
                {line.name} <span className="text-muted-foreground">· {formatMoney(line.unitPrice)} · {unitsLeftToReturn(line)} / {line.quantity}</span>
              </label>
              <Input
                id={`refund-${line.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={unitsLeftToReturn(line)}
                disabled={unitsLeftToReturn(line) === 0}
                className="h-10 w-20 shrink-0"
                aria-label={copy.quantityOf(line.name)}
                {...form.register(`quantities.${line.id}`)}
              />
            </div>
          ))}
          {errors.lines ? (
            <p id="refund-lines-error" role="alert" className="text-sm text-destructive">
              {errors.lines.message}
            </p>
          ) : null}
        </fieldset>
      ) : kind === 'goodwill' ? (
        <FormField label={copy.amount} inputMode="decimal" placeholder="0.00" error={errors.amount?.message} {...form.register('amount')} />
      ) : (
        <p className="text-sm">{copy.fullAmount(formatMoney(order.refundableAmount))}</p>
      )}

      <TextAreaField label={copy.reason} rows={2} error={errors.reason?.message} {...form.register('reason')} />
      <div>
        <Button type="submit" className="min-h-10" busy={refund.isPending}>
          {copy.submit}
        </Button>
      </div>

      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{pending ? copy.confirmTitle(formatMoney(amountOf(order, pending))) : copy.refundTitle}</DialogTitle>
            <DialogDescription>{copy.confirmBody}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPending(null)}>
              {copy.cancel}
            </Button>
            <Button busy={refund.isPending} onClick={() => void send()}>
              {copy.submit}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
