import { Link, useSearchParams } from 'react-router';
import { passwordResetCopy } from '@/shared/copy';
import { AuthShell } from '@/web/app/layouts/auth-shell';
import { paths } from '@/web/config/paths';
import { ForgotPasswordForm } from '@/web/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/web/features/auth/components/reset-password-form';

function BackToSignIn() {
  return (
    <Link to={paths.auth} className="text-center text-sm text-primary underline-offset-4 hover:underline">
      {passwordResetCopy.backToSignIn}
    </Link>
  );
}

export function ForgotPasswordPage() {
  return (
    <AuthShell title={passwordResetCopy.request.title} description={passwordResetCopy.request.description}>
      <ForgotPasswordForm />
      <BackToSignIn />
    </AuthShell>
  );
}

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  return (
    <AuthShell title={passwordResetCopy.reset.title} description={passwordResetCopy.reset.description}>
      <ResetPasswordForm token={search.get('token')} />
      <BackToSignIn />
    </AuthShell>
  );
}
