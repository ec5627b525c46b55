import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { copy, passwordResetCopy } from '@/shared/copy';
import { signInInput, type SignInInput } from '@/shared/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { FormField, PasswordField } from '@/web/components/ui/form-field';
import { paths } from '@/web/config/paths';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSignIn } from '../api/auth-actions';
import { forgotPasswordState, useReportDraft, type AuthDraft } from '../auth-draft';

/** Starts from the email of `draft` (typed on the Sign Up tab) and reports the email typed here. */
export function SignInForm({ draft, onDraft }: { draft: AuthDraft; onDraft: (draft: Partial<AuthDraft>) => void }) {
  const signIn = useSignIn();
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: draft.email, password: '' } });
  useServerFieldErrors(signIn.error, form.setError);
  useReportDraft(form.watch, onDraft);
  const { errors } = form.formState;

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      <FormField label={copy.auth.fields.email} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <div className="grid gap-1.5">
        <PasswordField
          label={copy.auth.fields.password}
          toggle={passwordResetCopy.passwordToggle.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link to={paths.forgotPassword} state={forgotPasswordState(draft.email)} className="justify-self-end text-sm text-primary underline-offset-4 hover:underline">
          {passwordResetCopy.forgotLink}
        </Link>
      </div>
      <Button type="submit" busy={signIn.isPending}>
        {signIn.isPending ? copy.auth.signingIn : copy.header.signIn}
      </Button>
    </form>
  );
}
