import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { weekdayNames, type PublicMealPlan } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { storeRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { addressesQuery } from '@/web/features/locations/api/address-queries';
import { mealPlanSubscriptionsQuery, mealPlansQuery } from '@/web/features/meal-plans/api/meal-plan-queries';
import { SubscribeDialog } from '@/web/features/meal-plans/components/subscribe-dialog';
import { SubscriptionList } from '@/web/features/meal-plans/components/subscription-list';
import { useAuth } from '@/web/lib/session';

const text = mealPlanCopy.customer;
const PAGE_SIZE = 12;

function PlanCard({ plan, action }: { plan: PublicMealPlan; action: 'subscribe' | 'subscribed' | 'sign-in' | null }) {
  return (
    <Card className="grid h-full gap-3 p-4">
      <div className="grid gap-0.5">
        <h3 className="text-lg font-semibold break-words">{plan.name}</h3>
        <p className="text-sm text-muted-foreground">
          <Link className="underline-offset-4 hover:underline" to={paths.kitchenMenu(plan.kitchen.id)}>
            {plan.kitchen.businessName}
          </Link>
          {plan.kitchen.cuisine ? ` · ${plan.kitchen.cuisine}` : ''} · {plan.kitchen.city}, {plan.kitchen.state}
          {plan.kitchen.distanceMiles !== null ? ` · ${plan.kitchen.distanceMiles} mi` : ''}
        </p>
      </div>
      <p className="text-sm">
        <span className="text-xl font-bold tabular-nums">{formatMoney(plan.weeklyPrice)}</span> {text.perWeek} · {text.mealsPerWeek(plan.mealsPerWeek)}
      </p>
      <p className="text-sm text-muted-foreground">{text.deliveredOn(weekdayNames[plan.deliveryDay] ?? '')}</p>
      {plan.description ? <p className="text-sm break-words">{plan.description}</p> : null}
      <div className="grid gap-1">
        <h4 className="text-sm font-medium">{text.thisWeek}</h4>
        {plan.menu.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.menuToCome}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={`${text.thisWeek}: ${plan.name}`}>
            {plan.menu.map((dish) => (
              <li key={dish.id}>
                <Badge>{dish.name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-auto pt-1">
        {action === 'subscribe' ? (
          <SubscribeDialog plan={plan} />
        ) : action === 'subscribed' ? (
          <p className="flex min-h-10 items-center gap-2 text-sm font-medium text-primary">
            <CalendarCheck aria-hidden className="size-4" /> {text.alreadyYours}
          </p>
        ) : action === 'sign-in' ? (
          <Button asChild variant="outline" className="min-h-10">
            {/* Signing in comes back to the plans, where the subscription was going to start. */}
            <Link to={paths.auth} onClick={() => storeRedirectAfterLogin(paths.mealPlanDetails)}>
              {text.signInToSubscribe}
            </Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export function MealPlanDetailsPage() {
  const auth = useAuth();
  const isCustomer = auth.status === 'signed-in' && auth.profile.role === 'customer';
  const addresses = useQuery({ ...addressesQuery, enabled: isCustomer });
  // Near the customer's default address when it is on the map; else every kitchen's plans.
  const home = addresses.data?.find((address) => address.isDefault) ?? addresses.data?.[0];
  const point = home && home.latitude !== null && home.longitude !== null ? { latitude: home.latitude, longitude: home.longitude } : null;
  const [page, setPage] = useState(1);
  const waitingForPoint = isCustomer && addresses.isPending;
  const plans = useQuery({ ...mealPlansQuery({ ...(point ?? {}), page, pageSize: PAGE_SIZE }), enabled: auth.status !== 'loading' && !waitingForPoint });
  const subscriptions = useQuery({ ...mealPlanSubscriptionsQuery, enabled: isCustomer });
  // A plan the customer already receives (or paused) is managed under Your subscriptions, not subscribed to twice.
  const subscribedPlanIds = new Set(subscriptions.data?.filter((subscription) => subscription.status !== 'cancelled').map((subscription) => subscription.plan.id));
  const actionFor = (plan: PublicMealPlan) =>
    isCustomer ? (subscribedPlanIds.has(plan.id) ? 'subscribed' : 'subscribe') : auth.status === 'signed-out' ? 'sign-in' : null;

  return (
    <div className="grid gap-8">
      <PageHeader title={text.title} description={text.description} />
      {isCustomer ? <SubscriptionList /> : null}
      <section aria-labelledby="plans-heading" className="grid gap-3">
        <h2 id="plans-heading" className="text-xl font-semibold">
          {point ? text.nearYou : text.everywhere}
        </h2>
        {plans.isPending ? (
          <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <p className="sr-only" role="status">
              {text.loading}
            </p>
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-64" />
            ))}
          </div>
        ) : plans.isError ? (
          <QueryError title={text.loadError} error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.items.length === 0 ? (
          <EmptyState icon={CalendarDays} title={text.empty}>
            {text.emptyBody}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {plans.data.items.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} action={actionFor(plan)} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={Math.ceil(plans.data.total / PAGE_SIZE)} onPageChange={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
