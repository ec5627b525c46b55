import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Navigate } from 'react-router';
import { AuthShell } from '@/web/app/layouts/auth-shell';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useGoogleSignIn } from '@/web/features/auth/api/auth-actions';
import { authConfigQuery, useAuth } from '@/web/lib/session';
import { SignInForm } from '@/web/features/auth/components/sign-in-form';
import { SignUpForm } from '@/web/features/auth/components/sign-up-form';
import { clearRedirectAfterLogin, peekRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { emptyAuthDraft, type AuthDraft } from '@/web/features/auth/auth-draft';
import { paths } from '@/web/config/paths';
import { cn } from '@/web/lib/cn';
import { copy } from '@/shared/copy';

const modes = ['sign-in', 'sign-up'] as const;
type Mode = (typeof modes)[number];

export function AuthPage() {
  const auth = useAuth();
  const [mode, setMode] = useState<Mode>('sign-in');
  // Switching tabs swaps the forms: what was typed (passwords apart) carries over.
  const [draft, setDraft] = useState<AuthDraft>(emptyAuthDraft);
  const tabsId = useId();
  const keepDraft = useCallback((part: Partial<AuthDraft>) => setDraft((current) => ({ ...current, ...part })), []);
  // Read once on arrival: the path a guarded page remembered before sending the visitor here.
  const [redirectTo] = useState(peekRedirectAfterLogin);
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    if (signedIn) clearRedirectAfterLogin();
  }, [signedIn]);
  const config = useQuery(authConfigQuery);
  const google = useGoogleSignIn();

  // The tabs' keys: arrows to the other tab (it opens at once, as there are only two), Home and End.
  function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>) {
    const index = modes.indexOf(mode);
    const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: modes.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = modes[(next + modes.length) % modes.length]!;
    setMode(tab);
    document.getElementById(`${tabsId}-${tab}`)?.focus();
  }

  if (auth.status === 'loading') return <PageSpinner />;
  if (signedIn) return <Navigate to={redirectTo} replace />;

  return (
    <AuthShell
      title={mode === 'sign-in' ? copy.auth.signInTitle : copy.auth.signUpTitle}
      description={mode === 'sign-in' ? copy.auth.signInDescription : copy.auth.signUpDescription}
    >
      {redirectTo.startsWith(paths.checkout) ? <p className="rounded-md bg-muted p-3 text-sm">{copy.auth.forCheckout}</p> : null}
      <div role="tablist" aria-label={copy.auth.tabs} className="grid grid-cols-2 rounded-lg bg-muted p-1" onKeyDown={moveBetweenTabs}>
        {modes.map((tab) => (
          <button
            key={tab}
            id={`${tabsId}-${tab}`}
            role="tab"
            type="button"
            aria-selected={mode === tab}
            aria-controls={`${tabsId}-panel`}
            // One stop for Tab in the tab list; the arrow keys move between the tabs.
            tabIndex={mode === tab ? 0 : -1}
            onClick={() => setMode(tab)}
            className={cn('rounded-md py-1.5 text-sm font-medium', mode === tab ? 'bg-background shadow-sm' : 'text-muted-foreground')}
          >
            {tab === 'sign-in' ? copy.auth.signInTab : copy.auth.signUpTab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${mode}`}>
        {mode === 'sign-in' ? <SignInForm draft={draft} onDraft={keepDraft} /> : <SignUpForm draft={draft} onDraft={keepDraft} />}
      </div>
      {config.data?.googleSignIn ? (
        <>
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <span className="h-px flex-1 bg-border" /> {copy.auth.or} <span className="h-px flex-1 bg-border" />
          </div>
          <Button variant="outline" onClick={() => google.mutate()} busy={google.isPending}>
            {copy.auth.google}
          </Button>
        </>
      ) : null}
    </AuthShell>
  );
}
