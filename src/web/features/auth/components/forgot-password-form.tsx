import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { copy, passwordResetCopy } from '@/shared/copy';
import { passwordResetRequest, type PasswordResetRequest } from '@/shared/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useRequestPasswordReset } from '../api/auth-actions';

/** Asks for a reset link; once sent, says where to look without saying whether the account exists. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequest), defaultValues: { email: '' } });
  useServerFieldErrors(request.error, form.setError);

  if (request.isSuccess) {
    return (
      <div role="status" className="grid gap-1">
        <p className="font-medium">{passwordResetCopy.request.sentTitle}</p>
        <p className="text-sm text-muted-foreground">{passwordResetCopy.request.sent(request.variables.email)}</p>
      </div>
    );
  }
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <FormField label={copy.auth.fields.email} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? passwordResetCopy.request.sending : passwordResetCopy.request.submit}
      </Button>
    </form>
  );
}
