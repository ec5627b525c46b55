import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { useState } from 'react';
import type { TrackingSnapshot } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { activeTrackingQuery } from '@/web/features/orders/api/order-queries';
import { TrackingCard } from '@/web/features/orders/components/tracking-card';
import { TrackingLookupForm } from '@/web/features/orders/components/tracking-lookup-form';
import { useAuth } from '@/web/lib/session';

export function TrackOrderPage() {
  const auth = useAuth();
  const customer = auth.status === 'signed-in' && auth.profile.role === 'customer';
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8">
      <PageHeader title={orderCopy.tracking.title} description={orderCopy.tracking.description} />
      {auth.status === 'loading' ? <Skeleton className="h-48 rounded-xl" /> : null}
      {customer ? <ActiveOrders /> : null}
      {auth.status !== 'loading' ? <LookUp customer={customer} /> : null}
    </div>
  );
}

function ActiveOrders() {
  const active = useQuery(activeTrackingQuery);
  if (active.isPending) return <Skeleton className="h-48 rounded-xl" aria-label={orderCopy.loading.orders} />;
  if (active.isError) return <QueryError title={orderCopy.tracking.loadError} error={active.error} onRetry={() => void active.refetch()} />;
  if (active.data.length === 0) {
    return (
      <EmptyState icon={Truck} title={orderCopy.tracking.noneTitle}>
        {orderCopy.tracking.noneBody}
      </EmptyState>
    );
  }
  return (
    <section className="grid gap-4" aria-label={orderCopy.onTheirWay}>
      {active.data.map((snapshot) => (
        <TrackingCard key={snapshot.order.id} snapshot={snapshot} showDetailsLink />
      ))}
    </section>
  );
}

/** An order found by number and email, followed with the lookup's token. */
function LookUp({ customer }: { customer: boolean }) {
  const [found, setFound] = useState<{ snapshot: TrackingSnapshot; token: string } | null>(null);
  if (found) {
    return (
      <section className="grid gap-4" aria-label={orderCopy.tracking.lookupTitle}>
        <TrackingCard key={found.snapshot.order.id} snapshot={found.snapshot} token={found.token} />
        <Button variant="outline" className="justify-self-start" onClick={() => setFound(null)}>
          {orderCopy.tracking.another}
        </Button>
      </section>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{customer ? orderCopy.tracking.another : orderCopy.tracking.lookupTitle}</CardTitle>
        <CardDescription>{orderCopy.tracking.lookupBody}</CardDescription>
      </CardHeader>
      <CardContent>
        <TrackingLookupForm onFound={setFound} />
      </CardContent>
    </Card>
  );
}
