import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Shows the server's per-field messages at the matching form fields. */
export function useServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  useEffect(() => {
    if (!(error instanceof ApiError) || !error.fields) return;
    // The first field the server refused takes focus, as the form's own checks do.
    Object.entries(error.fields).forEach(([field, message], index) => setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }));
  }, [error, setError]);
}
