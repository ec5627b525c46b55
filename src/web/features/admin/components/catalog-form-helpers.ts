import type { FormEvent } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormReturn, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney, parseMoney } from '@/shared/money';

/**
 * Checks what a form will send with the API's own schema, putting each message at its field as the
 * server would; answers the parsed input, or null when a field needs attention.
 */
export function validateWith<S extends z.ZodType, T extends FieldValues>(schema: S, input: unknown, setError: UseFormSetError<T>): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) setError((issue.path.join('.') || 'root') as Path<T>, { type: 'validate', message: issue.message });
  return null;
}

/** Dollars as typed ('3.49', '$3') to cents; what is not a sum of money stays NaN, for the schema to refuse. */
export function centsOf(text: string): number {
  return parseMoney(text) ?? Number.NaN;
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
