import { useQuery } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { weekdayNames, type MealPlanSubscription } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { mealPlanSubscriptionsQuery, useChangeSubscription } from '../api/meal-plan-queries';

const text = mealPlanCopy.customer;
const tones = { active: 'success', paused: 'warning', cancelled: 'muted' } as const;

/** A YYYY-MM-DD day as people read it: "Mon, Nov 23". */
function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

function SubscriptionCard({ subscription }: { subscription: MealPlanSubscription }) {
  const change = useChangeSubscription();
  const { plan, status } = subscription;
  return (
    <Card className="grid gap-2 p-4" aria-label={plan.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-semibold break-words">{plan.name}</h3>
          <p className="text-sm text-muted-foreground">{text.fromKitchen(plan.kitchen.businessName)}</p>
        </div>
        <Badge tone={tones[status]}>{text.status[status]}</Badge>
      </div>
      <p className="text-sm">
        {text.mealsPerWeek(plan.mealsPerWeek)} · <span className="font-medium tabular-nums">{formatMoney(subscription.weeklyPrice)}</span> {text.perWeek} ·{' '}
        {text.deliveredOn(weekdayNames[plan.deliveryDay] ?? '')}
      </p>
      {subscription.address ? (
        <p className="text-sm text-muted-foreground break-words">
          {subscription.address.streetAddress}, {subscription.address.city}, {subscription.address.state} {subscription.address.zipCode}
        </p>
      ) : status !== 'cancelled' ? (
        <p className="text-sm text-destructive">{text.addressGone}</p>
      ) : null}
      {status !== 'cancelled' && plan.status === 'paused' ? <p className="text-sm text-muted-foreground">{text.planPaused}</p> : null}
      {subscription.nextDelivery ? <p className="text-sm font-medium">{text.nextDelivery(dayLabel(subscription.nextDelivery))}</p> : null}
      {status === 'cancelled' ? null : (
        <div className="flex flex-wrap gap-2 border-t pt-3">
          {status === 'active' ? (
            <Button variant="outline" className="min-h-10" busy={change.isPending} onClick={() => change.mutate({ id: subscription.id, action: 'pause' })}>
              <Pause aria-hidden /> {text.pause}
            </Button>
          ) : (
            <Button variant="outline" className="min-h-10" busy={change.isPending} onClick={() => change.mutate({ id: subscription.id, action: 'resume' })}>
              <Play aria-hidden /> {text.resume}
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button variant="outline" className="min-h-10 text-destructive">
                {text.cancel}
              </Button>
            }
            title={text.cancelTitle(plan.name)}
            description={text.cancelBody}
            confirmLabel={text.cancel}
            cancelLabel={text.keep}
            destructive
            onConfirm={() => change.mutateAsync({ id: subscription.id, action: 'cancel' })}
          />
        </div>
      )}
    </Card>
  );
}

/** "Your subscriptions": the customer's own, live ones first, each with its pause, resume and cancel. */
export function SubscriptionList() {
  const subscriptions = useQuery(mealPlanSubscriptionsQuery);
  return (
    <section aria-labelledby="your-subscriptions" className="grid gap-3">
      <h2 id="your-subscriptions" className="text-xl font-semibold">
        {text.yours}
      </h2>
      {subscriptions.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            {text.subscriptionsLoading}
          </p>
          <Skeleton className="h-32" />
        </div>
      ) : subscriptions.isError ? (
        <QueryError compact title={text.subscriptionsError} error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />
      ) : subscriptions.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{text.noSubscriptions}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {subscriptions.data.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard subscription={subscription} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
