import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { AuthShell } from '@/web/app/layouts/auth-shell';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useGoogleSignIn } from '@/web/features/auth/api/auth-actions';
import { authConfigQuery, useAuth } from '@/web/lib/session';
import { SignInForm } from '@/web/features/auth/components/sign-in-form';
import { SignUpForm } from '@/web/features/auth/components/sign-up-form';
import { clearRedirectAfterLogin, peekRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { cn } from '@/web/lib/cn';
import { copy } from '@/shared/copy';

type Mode = 'sign-in' | 'sign-up';

export function AuthPage() {
  const auth = useAuth();
  const [mode, setMode] = useState<Mode>('sign-in');
  // Read once on arrival: the path a guarded page remembered before sending the visitor here.
  const [redirectTo] = useState(peekRedirectAfterLogin);
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    if (signedIn) clearRedirectAfterLogin();
  }, [signedIn]);
  const config = useQuery(authConfigQuery);
  const google = useGoogleSignIn();

  if (auth.status === 'loading') return <PageSpinner />;
  if (signedIn) return <Navigate to={redirectTo} replace />;

  return (
    <AuthShell
      title={mode === 'sign-in' ? copy.auth.signInTitle : copy.auth.signUpTitle}
      description={mode === 'sign-in' ? copy.auth.signInDescription : copy.auth.signUpDescription}
    >
      <div role="tablist" aria-label={copy.auth.tabs} className="grid grid-cols-2 rounded-lg bg-muted p-1">
        {(['sign-in', 'sign-up'] as const).map((tab) => (
          <button
            key={tab}
            role="tab"
            type="button"
            aria-selected={mode === tab}
            onClick={() => setMode(tab)}
            className={cn('rounded-md py-1.5 text-sm font-medium', mode === tab ? 'bg-background shadow-sm' : 'text-muted-foreground')}
          >
            {tab === 'sign-in' ? copy.auth.signInTab : copy.auth.signUpTab}
          </button>
        ))}
      </div>
      {mode === 'sign-in' ? <SignInForm /> : <SignUpForm />}
      {config.data?.googleSignIn ? (
        <>
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <span className="h-px flex-1 bg-border" /> {copy.auth.or} <span className="h-px flex-1 bg-border" />
          </div>
          <Button variant="outline" onClick={() => google.mutate()} disabled={google.isPending}>
            {copy.auth.google}
          </Button>
        </>
      ) : null}
    </AuthShell>
  );
}
