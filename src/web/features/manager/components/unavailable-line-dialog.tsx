import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Phone } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import { unavailableLineInput, type PickLine, type UnavailableLineInput } from '@/shared/contracts/manager';
import { managerCopy, staffCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { ListSearchField } from '@/web/components/ui/list-state';
import { QueryError } from '@/web/components/ui/query-error';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { substitutesQuery, useMarkLineUnavailable } from '../api/manager-queries';

const copy = managerCopy.unavailable;
const preferences = managerCopy.pickList.preferences;

/** The customer of the line's order, as the pick list names them. */
export interface PickCustomer {
  name: string;
  phone: string | null;
}

function Substitutes({ line, search, chosen, onChoose }: { line: PickLine; search: string; chosen?: string; onChoose(productId: string): void }) {
  const candidates = useQuery(substitutesQuery(line.orderId, line.lineId, search));
  if (candidates.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {staffCopy.loading}
      </p>
    );
  }
  if (candidates.isError) return <QueryError compact error={candidates.error} onRetry={() => void candidates.refetch()} />;
  if (candidates.data.candidates.length === 0) return <p className="text-sm text-muted-foreground">{copy.noSubstitutes}</p>;
  return (
    <div className="grid max-h-64 gap-2 overflow-y-auto">
      {candidates.data.candidates.some((candidate) => candidate.price > line.unitPrice) ? <p className="text-sm text-muted-foreground">{copy.chargedAtMost(formatMoney(line.unitPrice))}</p> : null}
      {candidates.data.candidates.map((candidate) => (
        <label key={candidate.productId} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary">
          <input type="radio" name="substitute" className="size-4" checked={chosen === candidate.productId} onChange={() => onChoose(candidate.productId)} />
          <span className="min-w-0 break-words">
            {candidate.name}
            {candidate.unit ? <span className="text-muted-foreground"> · {candidate.unit}</span> : null}
          </span>
          <span className="ml-auto text-right tabular-nums">
            {formatMoney(candidate.price)}
            <span className="block text-xs text-muted-foreground">{copy.inStock(candidate.stockQuantity)}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** Who to call when the customer asked to be contacted: their name and a tap-to-call link, or that they left no number. */
function CallCustomer({ customer }: { customer: PickCustomer }) {
  if (!customer.phone) return <p className="text-sm">{copy.noPhone(customer.name)}</p>;
  return (
    <p className="grid gap-1 rounded-md border p-3 text-sm">
      <span>{copy.callFirst(customer.name)}</span>
      <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} aria-label={copy.call(customer.name, customer.phone)} className="inline-flex min-h-10 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
        <Phone aria-hidden className="size-4" />
        {customer.phone}
      </a>
    </p>
  );
}

/**
 * Marks units of a line unavailable and settles them as the customer asked: a similar substitute
 * (charged at most the line's price), or a refund. "Call the customer" shows who to call and
 * preselects nothing: the manager chooses after the call.
 */
export function UnavailableLineDialog({ line, customer }: { line: PickLine; customer: PickCustomer }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  const mark = useMarkLineUnavailable();
  const canReplace = line.itemType === 'product' && line.substitution !== 'refund';
  const form = useForm<UnavailableLineInput>({
    resolver: zodResolver(unavailableLineInput),
    defaultValues: { quantity: line.quantity, resolution: line.substitution === 'contact' ? undefined : canReplace ? 'replace' : 'refund' },
  });
  useServerFieldErrors(mark.error, form.setError);
  const resolution = useWatch({ control: form.control, name: 'resolution' });
  const substituteProductId = useWatch({ control: form.control, name: 'substituteProductId' });
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await mark.mutateAsync({ orderId: line.orderId, lineId: line.lineId, body: values.resolution === 'refund' ? { quantity: values.quantity, resolution: 'refund' } : values });
      toast.success(copy.saved);
      setOpen(false);
    } catch (error) {
      // The server's own reason: the order moved on, the line was handled, the shelf is gone.
      toast.error(error instanceof Error ? error.message : copy.failed);
    }
  });
  const errors = form.formState.errors;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-10 print:hidden" aria-label={managerCopy.pickList.unavailableFor(`${line.name} (${line.orderNumber})`)}>
          {managerCopy.pickList.unavailable}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title(line.name)}</DialogTitle>
          <DialogDescription>{copy.description(line.substitution ? preferences[line.substitution] : preferences.refund)}</DialogDescription>
        </DialogHeader>
        {line.substitution === 'contact' ? <CallCustomer customer={customer} /> : null}
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label={copy.quantity}
            type="number"
            inputMode="numeric"
            min={1}
            max={line.quantity}
            error={errors.quantity?.message}
            {...form.register('quantity', { valueAsNumber: true })}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{copy.resolution}</legend>
            {canReplace ? (
              <label className="flex min-h-10 items-center gap-2 text-sm">
                <input type="radio" className="size-4" value="replace" {...form.register('resolution')} />
                {copy.replace}
              </label>
            ) : null}
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input type="radio" className="size-4" value="refund" {...form.register('resolution')} />
              {copy.refund}
            </label>
            {errors.resolution ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.resolution.message}
              </p>
            ) : null}
          </fieldset>
          {resolution === 'replace' ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{copy.substitute}</legend>
              <ListSearchField id={searchId} label={copy.search} value={search} onChange={setSearch} />
              <Substitutes line={line} search={q} chosen={substituteProductId} onChoose={(productId) => form.setValue('substituteProductId', productId, { shouldValidate: true })} />
              {errors.substituteProductId ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.substituteProductId.message}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {copy.cancel}
            </Button>
            <Button type="submit" busy={mark.isPending}>
              {copy.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
