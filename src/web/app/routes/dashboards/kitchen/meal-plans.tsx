import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Pause, Pencil, Play, Plus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { weekdayNames, type KitchenMealPlan, type KitchenMealPlans, type MealPlanStatus } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { kitchenMealPlansQuery, useSetMealPlanStatus } from '@/web/features/meal-plans/api/meal-plan-queries';
import { MealPlanForm } from '@/web/features/meal-plans/components/meal-plan-form';

const text = mealPlanCopy.kitchen;
const statusLabels: Record<MealPlanStatus, string> = text.statuses;
const statusTones = { active: 'success', paused: 'warning', retired: 'muted' } as const;

/** The form in a dialog, opened by its trigger and closed once saved. */
function PlanDialog({ trigger, plan, dishes }: { trigger: ReactNode; plan?: KitchenMealPlan; dishes: KitchenMealPlans['dishes'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{plan ? text.editPlan(plan.name) : text.createTitle}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <MealPlanForm plan={plan} dishes={dishes} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PlanCard({ plan, dishes }: { plan: KitchenMealPlan; dishes: KitchenMealPlans['dishes'] }) {
  const setStatus = useSetMealPlanStatus();
  const live = plan.status !== 'retired';
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h2 className="font-semibold break-words">{plan.name}</h2>
          <p className="text-sm text-muted-foreground">
            {mealPlanCopy.customer.mealsPerWeek(plan.mealsPerWeek)} · <span className="font-medium text-foreground tabular-nums">{formatMoney(plan.weeklyPrice)}</span>{' '}
            {mealPlanCopy.customer.perWeek} · {mealPlanCopy.customer.deliveredOn(weekdayNames[plan.deliveryDay] ?? '')}
          </p>
        </div>
        <Badge tone={statusTones[plan.status]}>{statusLabels[plan.status]}</Badge>
      </div>
      {plan.description ? <p className="text-sm break-words">{plan.description}</p> : null}
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">{text.weekMenu}</h3>
        {plan.dishes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.noMenu}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={text.weekMenu}>
            {plan.dishes.map((dish) => (
              <li key={dish.id}>
                <Badge>{dish.name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden /> {text.subscribers(plan.subscribers)}
        </p>
        {live ? (
          <div className="flex flex-wrap gap-2">
            <PlanDialog
              plan={plan}
              dishes={dishes}
              trigger={
                <Button variant="outline" className="min-h-10" aria-label={text.editPlan(plan.name)}>
                  <Pencil aria-hidden /> {text.edit}
                </Button>
              }
            />
            <Button
              variant="outline"
              className="min-h-10"
              busy={setStatus.isPending}
              onClick={() => setStatus.mutate({ id: plan.id, status: plan.status === 'active' ? 'paused' : 'active' })}
            >
              {plan.status === 'active' ? (
                <>
                  <Pause aria-hidden /> {text.pause}
                </>
              ) : (
                <>
                  <Play aria-hidden /> {text.activate}
                </>
              )}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="min-h-10 text-destructive">
                  {text.retire}
                </Button>
              }
              title={text.retireTitle(plan.name)}
              description={text.retireBody}
              confirmLabel={text.retire}
              destructive
              onConfirm={() => setStatus.mutateAsync({ id: plan.id, status: 'retired' })}
            />
          </div>
        ) : null}
      </div>
    </Card>
  );
}

export function KitchenMealPlansPage() {
  const plans = useQuery(kitchenMealPlansQuery);
  const dishes = plans.data?.dishes ?? [];
  return (
    <div>
      <PageHeader
        title={text.title}
        description={text.description}
        actions={
          plans.data ? (
            <PlanDialog
              dishes={dishes}
              trigger={
                <Button className="min-h-10">
                  <Plus aria-hidden /> {text.newPlan}
                </Button>
              }
            />
          ) : null
        }
      />
      {plans.isPending ? (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
          <p className="sr-only" role="status">
            {mealPlanCopy.customer.loading}
          </p>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-48" />
          ))}
        </div>
      ) : plans.isError ? (
        <QueryError title={text.loadError} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data.plans.length === 0 ? (
        <EmptyState icon={CalendarDays} title={text.empty}>
          {text.emptyBody}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {plans.data.plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} dishes={dishes} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
