import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { copy, passwordResetCopy } from '@/shared/copy';
import { passwordRule } from '@/shared/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { PasswordField } from '@/web/components/ui/form-field';
import { paths } from '@/web/config/paths';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useResetPassword } from '../api/auth-actions';

const newPasswordForm = z
  .object({ newPassword: passwordRule, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { message: passwordResetCopy.reset.mismatch, path: ['confirmPassword'] });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="grid gap-3">
      <p className="text-sm text-destructive">{message}</p>
      <Button asChild variant="outline">
        <Link to={paths.forgotPassword}>{passwordResetCopy.reset.askAgain}</Link>
      </Button>
    </div>
  );
}

/** The new password, twice, for the token of the emailed link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });
  useServerFieldErrors(reset.error, form.setError);
  const { errors } = form.formState;

  if (!token) return <LinkProblem message={passwordResetCopy.reset.missingToken} />;
  if (reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN') return <LinkProblem message={passwordResetCopy.reset.invalidToken} />;

    return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}>
      <PasswordField label={passwordResetCopy.reset.newPassword} hint={copy.auth.fields.passwordHint} error={errors.newPassword?.message} toggle={passwordResetCopy.passwordToggle.newPassword} autoComplete="new-password" {...form.register('newPassword')} />
      <PasswordField label={passwordResetCopy.reset.confirmPassword} error={errors.confirmPassword?.message} toggle={passwordResetCopy.passwordToggle.confirmPassword} autoComplete="new-password" {...form.register('confirmPassword')} />
      {reset.error && !(reset.error instanceof ApiError && reset.error.fields) ? (
        <p role="alert" className="text-sm text-destructive">
          {passwordResetCopy.reset.failed}: {reset.error.message}
        </p>
      ) : null}
      <Button type="submit" busy={reset.isPending}>
        {reset.isPending ? passwordResetCopy.reset.saving : passwordResetCopy.reset.submit}
      </Button>
    </form>
  );
}
