import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Shows the server's per-field messages at the matching form fields. */
export function useServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  useEffect(() => {
    if (!(error instanceof ApiError) || !error.fields) return;
    for (const [field, message] of Object.entries(error.fields)) {
      setError(field as Path<T>, { type: 'server', message });
    }
  }, [error, setError]);
}
