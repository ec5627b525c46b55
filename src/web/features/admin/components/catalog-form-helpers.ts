import type { FormEvent } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormReturn, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { catalogAdminCopy } from '@/shared/staff-copy';
import { formatMoney, parseMoney } from '@/shared/money';

/**
 * Checks what a form will send with the API's own schema, putting each message at its field as the
 * server would; answers the parsed input, or null when a field needs attention.
 */
export function validateWith<S extends z.ZodType, T extends FieldValues>(schema: S, input: unknown, setError: UseFormSetError<T>): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // The first field refused takes focus, so its message is read and, on a phone, scrolled into view.
  result.error.issues.forEach((issue, index) => setError((issue.path.join('.') || 'root') as Path<T>, { type: 'validate', message: issue.message }, { shouldFocus: index === 0 }));
  return null;
}

/** Dollars as typed ('3.49', '$3') to cents; what is not a sum of money stays NaN, for the schema to refuse. */
export function centsOf(text: string): number {
  return parseMoney(text) ?? Number.NaN;
}

/**
 * Puts a message saying how to write a price at `field` when the typed text is no sum of dollars and
 * cents ('5.999', '4,99'); the schema alone would only see a missing number. Answers whether it is one.
 */
export function checkPriceText<T extends FieldValues>(text: string, field: Path<T>, setError: UseFormSetError<T>): boolean {
  if (parseMoney(text) !== null) return true;
  setError(field, { type: 'validate', message: catalogAdminCopy.refusals.priceFormat });
  return false;
}

/** Cents as the dollars a price field shows ('3.49'). */
export function dollarsOf(cents: number | null | undefined): string {
  return cents == null ? '' : formatMoney(cents).replace(/^\$/, '').replace(/,/g, '');
}

/**
 * The form's submit handler, forgetting the last attempt's messages first: react-hook-form keeps an
 * error set on a field it does not manage (a bundle's product list) and would never submit again.
 */
export function freshSubmit<T extends FieldValues>(form: UseFormReturn<T>, onValid: SubmitHandler<T>) {
  return (event: FormEvent<HTMLFormElement>) => {
    form.clearErrors();
    return form.handleSubmit(onValid)(event);
  };
}

/** A day picked in the browser as the start of that day in the admin's time zone, as the API wants it. */
export const instantOf = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);

/** An instant as the day a date field shows, in the admin's time zone. */
export function dayOf(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A validity window in words: 'Jan 5, 2030 – Jan 7, 2030', 'from …', 'until …' or 'always'. */
export function windowText(start: string | null, end: string | null): string {
  const format = (instant: string) => new Date(instant).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const words = catalogAdminCopy.offers;
  if (start && end) return words.between(format(start), format(end));
  if (start) return words.from(format(start));
  if (end) return words.until(format(end));
  return words.always;
}

/** Whether a window has not started or has ended, by this browser's clock (the server decides for shoppers). */
export function windowState(start: string | null, end: string | null, now = Date.now()): 'not_started' | 'ended' | 'running' {
  if (start && Date.parse(start) > now) return 'not_started';
  if (end && Date.parse(end) <= now) return 'ended';
  return 'running';
}
