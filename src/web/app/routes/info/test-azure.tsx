import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { apiFetch } from '@/web/lib/api-client';

interface Health {
  status: string;
  database: { status: string; kind: string };
}

/** A connectivity check a customer or support agent can open: does this device reach the service? */
export function TestAzurePage() {
  const health = useQuery({ queryKey: ['health'], queryFn: () => apiFetch<Health>('/api/health'), retry: false });
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Connection test" description="Checks that this device can reach the FreshCart service." />
      <Card>
        <CardHeader>
          <CardTitle>Service status</CardTitle>
        </CardHeader>
        <CardContent aria-live="polite">
          {health.isPending ? <p>Checking…</p> : null}
          {health.isError ? <p className="text-destructive">Unreachable: {health.error.message}</p> : null}
          {health.data ? (
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-muted-foreground">API</dt>
              <dd>{health.data.status}</dd>
              <dt className="text-muted-foreground">Database</dt>
              <dd>
                {health.data.database.status} ({health.data.database.kind})
              </dd>
            </dl>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
