import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { copy, passwordResetCopy } from '@/shared/copy';
import { passwordResetRequest, type PasswordResetRequest } from '@/shared/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useRequestPasswordReset } from '../api/auth-actions';
import { emailFromState } from '../auth-draft';

/** Takes the place of the form, and of its focused button: the focus moves to its heading. */
function Sent({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="grid gap-1">
      <h2 ref={heading} tabIndex={-1} className="font-medium outline-none">
        {passwordResetCopy.request.sentTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{passwordResetCopy.request.sent(email)}</p>
    </div>
  );
}

/** Asks for a reset link; once sent, says where to look without saying whether the account exists. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  // Starts from the email typed on the sign-in form, when it led here.
  const email = emailFromState(useLocation().state);
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequest), defaultValues: { email } });
  useServerFieldErrors(request.error, form.setError);

  if (request.isSuccess) return <Sent email={request.variables.email} />;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <FormField label={copy.auth.fields.email} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" busy={request.isPending}>
        {request.isPending ? passwordResetCopy.request.sending : passwordResetCopy.request.submit}
      </Button>
    </form>
  );
}
