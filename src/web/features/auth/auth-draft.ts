import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * What the visitor typed on the sign-in page, passwords apart: kept while they switch between signing
 * in and signing up, so the email of an 'account already exists' is there on the Sign In tab.
 */
export interface AuthDraft {
  email: string;
  firstName: string;
  lastName: string;
  referralCode: string;
}

export const emptyAuthDraft: AuthDraft = { email: '', firstName: '', lastName: '', referralCode: '' };

const draftFields = Object.keys(emptyAuthDraft) as (keyof AuthDraft)[];

/** Hands the form's draft fields to `onDraft` as they are typed. */
export function useReportDraft<T extends FieldValues>(watch: UseFormWatch<T>, onDraft: (draft: Partial<AuthDraft>) => void) {
  useEffect(() => {
    const { unsubscribe } = watch((values) => {
      const draft: Partial<AuthDraft> = {};
      for (const field of draftFields) if (typeof values[field] === 'string') draft[field] = values[field];
      onDraft(draft);
    });
    return unsubscribe;
  }, [watch, onDraft]);
}

/** Navigation state for 'Forgot password?': the email already typed, for the reset form to start from. */
export function forgotPasswordState(email: string) {
  return { email };
}

/** The email handed over by 'Forgot password?', or none. */
export function emailFromState(state: unknown): string {
  const email = typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}
