import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signUpInput } from '@/shared/contracts/auth';
import { copy, passwordResetCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField, PasswordField } from '@/web/components/ui/form-field';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSignUp } from '../api/auth-actions';
import { useReportDraft, type AuthDraft } from '../auth-draft';

type SignUpValues = z.input<typeof signUpInput>;

/** Starts from `draft` (what was typed before switching tabs), the password apart, and reports what is typed here. */
export function SignUpForm({ draft, onDraft }: { draft: AuthDraft; onDraft: (draft: Partial<AuthDraft>) => void }) {
  const signUp = useSignUp();
  const form = useForm<SignUpValues, unknown, z.output<typeof signUpInput>>({
    resolver: zodResolver(signUpInput),
    defaultValues: { ...draft, password: '' },
  });
  useServerFieldErrors(signUp.error, form.setError);
  useReportDraft(form.watch, onDraft);
  const { errors } = form.formState;

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={copy.auth.fields.firstName} autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <FormField label={copy.auth.fields.lastName} autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <FormField label={copy.auth.fields.email} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        label={copy.auth.fields.password}
        toggle={passwordResetCopy.passwordToggle.password}
        autoComplete="new-password"
        hint={copy.auth.fields.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField label={copy.auth.fields.referralCode} autoComplete="off" error={errors.referralCode?.message} {...form.register('referralCode')} />
      <Button type="submit" busy={signUp.isPending}>
        {signUp.isPending ? copy.auth.creatingAccount : copy.auth.createAccount}
      </Button>
    </form>
  );
}
