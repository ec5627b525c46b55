import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { copy, passwordResetCopy } from '@/shared/copy';
import type { PasswordResetInput, PasswordResetRequest, SignInInput, SignUpInput } from '@/shared/contracts/auth';
import { paths } from '@/web/config/paths';
import { apiFetch } from '@/web/lib/api-client';
import { googleSignInRequest } from '@/web/lib/platform';
import { forgetSignedOutTraces } from '@/web/lib/sign-out-cleanup';
import { sessionQuery } from '@/web/lib/session';

/**
 * A failed sign-in or sign-up is told in one toast that the next failure replaces and a success
 * dismisses, so a 'Sign in failed' from an earlier try never stays on screen beside 'Welcome back!'.
 * It shows at the top, on phones too (where toasts otherwise rise from the bottom): there it would sit on
 * the form's button, the one the customer presses next.
 */
const AUTH_FAILED_TOAST = 'auth-failed';
const authFailed = { id: AUTH_FAILED_TOAST, position: 'top-center' } as const;

function toastAuthSuccess(message: string, description?: string) {
  toast.dismiss(AUTH_FAILED_TOAST);
  toast.success(message, { description });
}

/** Sign-in first ends any session this browser still holds, then signs in fresh. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const current = await queryClient.fetchQuery(sessionQuery);
      if (current) await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
      return apiFetch('/api/auth/sign-in/email', { method: 'POST', json: input });
    },
    onSuccess: async () => {
      // Reset, not clear: components that stay mounted keep observing the same queries.
      // The sign-in page then sees the session and moves on (to the remembered path).
      await queryClient.resetQueries();
      toastAuthSuccess(copy.auth.welcomeBack);
    },
    onError: (error) => {
      toast.error(copy.auth.signInFailed, { ...authFailed, description: error.message || copy.auth.signInFailedHint });
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch<{ token: string | null }>('/api/auth/sign-up/email', {
        method: 'POST',
        json: { ...input, callbackURL: '/' },
      }),
    onSuccess: async () => {
      // With verification required there is no session yet and the page stays for signing in later.
      await queryClient.resetQueries();
      toastAuthSuccess(copy.auth.accountCreated, copy.auth.accountCreatedHint);
    },
    onError: (error) => {
      toast.error(copy.auth.signUpFailed, { ...authFailed, description: error.message || copy.auth.signUpFailedHint });
    },
  });
}

/**
 * Google: on the web the OAuth redirect to Google and back; in the native app an ID token from the
 * device's Google account, which the server turns into a session at once.
 */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const request = await googleSignInRequest({ callbackURL: window.location.origin + '/', errorCallbackURL: window.location.origin + paths.auth });
      return apiFetch<{ url?: string; redirect: boolean }>('/api/auth/sign-in/social', { method: 'POST', json: request });
    },
    onSuccess: async (result) => {
      if (result.redirect && result.url) {
        window.location.assign(result.url);
        return;
      }
      await queryClient.resetQueries();
      toastAuthSuccess(copy.auth.welcomeBack);
    },
    onError: () => {
      toast.error(copy.auth.signInFailed, { ...authFailed, description: copy.auth.googleTestUserHint });
    },
  });
}

/** Ends the session everywhere (the server revokes every session of the user) and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/sign-out', { method: 'POST', json: {} }),
    onSettled: () => {
      // The next person on this device must not inherit what this one left behind.
      forgetSignedOutTraces();
      // Removed, not reset: a reset would ask the server again, at once, for the profile and cart of the
      // session just ended (two 401s). The pages that need them ask afresh, for whoever signs in next.
      void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      queryClient.setQueryData(sessionQuery.queryKey, null);
      toast.success(copy.auth.signedOut);
      navigate(paths.auth, { replace: true });
    },
  });
}

/** Asks for a reset link; the server answers alike whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) => apiFetch('/api/auth/request-password-reset', { method: 'POST', json: input }),
    onError: (error) => {
      toast.error(passwordResetCopy.request.failed, { description: error.message });
    },
  });
}

/** Sets the new password with the emailed token; every session of the account ends, so the next step is signing in. */
export function useResetPassword() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: PasswordResetInput) => apiFetch('/api/auth/reset-password', { method: 'POST', json: input }),
    onSuccess: () => {
      toast.success(passwordResetCopy.reset.done, { description: passwordResetCopy.reset.doneHint });
      navigate(paths.auth, { replace: true });
    },
  });
}
