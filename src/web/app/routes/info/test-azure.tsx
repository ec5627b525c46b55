import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { infoCopy } from '@/shared/info-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { DiagnosticsTable } from '@/web/features/admin/components/diagnostics-table';
import { storeRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { useAuth } from '@/web/lib/session';

const text = infoCopy.integrations;

/**
 * The cloud integrations check: for an admin, the live diagnostics the admin test runner runs; for
 * anyone else, what the page is for and that it needs an administrator.
 */
export function TestAzurePage() {
  const auth = useAuth();
  const admin = auth.status === 'signed-in' && auth.profile.role === 'admin';
  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <PageHeader title={text.title} description={text.lead} />
      {auth.status === 'loading' ? (
        <PageSpinner />
      ) : admin ? (
        <section aria-labelledby="integration-results" className="grid gap-3">
          <h2 id="integration-results" className="sr-only">
            {text.results}
          </h2>
          <DiagnosticsTable />
        </section>
      ) : (
        <section role="note" aria-labelledby="admin-only" className="grid justify-items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-50 p-4 dark:bg-amber-400/10">
          <h2 id="admin-only" className="flex items-center gap-2 font-semibold">
            <ShieldAlert className="size-5" aria-hidden />
            {text.adminOnly}
          </h2>
          <p>{text.adminOnlyBody}</p>
          {auth.status === 'signed-out' ? (
            <Button asChild>
              <Link to={paths.auth} onClick={() => storeRedirectAfterLogin(paths.testAzure)}>
                {text.signIn}
              </Link>
            </Button>
          ) : null}
        </section>
      )}
      <section aria-labelledby="what-it-checks" className="grid gap-3">
        <h2 id="what-it-checks" className="text-lg font-semibold">
          {text.whatItChecks}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {text.checks.map((check) => (
            <div key={check.name} className="rounded-lg border p-3">
              <dt className="font-medium">{check.name}</dt>
              <dd className="text-sm text-muted-foreground">{check.body}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
