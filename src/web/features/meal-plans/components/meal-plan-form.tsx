import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { mealPlanInput, weekdayNames, type KitchenMealPlan, type KitchenMealPlans, type MealPlanInput, type MealPlanValues } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSaveMealPlan } from '../api/meal-plan-queries';

const fields = mealPlanCopy.kitchen.fields;

/** Dollars as typed, to cents; anything that is not a number stays NaN for the schema to refuse. */
function centsOf(dollars: string): number {
  return dollars.trim() === '' ? Number.NaN : Math.round(Number(dollars) * 100);
}

function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** Publishes a plan, or edits one when given: its details and this week's menu from the kitchen's dishes. */
export function MealPlanForm({ plan, dishes, onDone }: { plan?: KitchenMealPlan; dishes: KitchenMealPlans['dishes']; onDone: () => void }) {
  const save = useSaveMealPlan();
  const form = useForm<MealPlanInput, unknown, MealPlanValues>({
    resolver: zodResolver(mealPlanInput),
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      mealsPerWeek: plan?.mealsPerWeek ?? 5,
      weeklyPrice: plan?.weeklyPrice ?? Number.NaN,
      deliveryDay: plan?.deliveryDay ?? 1,
      dishIds: plan?.dishes.map((dish) => dish.id) ?? [],
    },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const dayId = useId();
  const priceId = useId();
  const dishesId = useId();

  function submit(values: MealPlanValues) {
    save.mutate({ id: plan?.id, input: values }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} aria-label={plan ? mealPlanCopy.kitchen.editPlan(plan.name) : mealPlanCopy.kitchen.createTitle}>
      <FormField label={fields.name} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextAreaField label={fields.description} rows={3} error={errors.description?.message} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={fields.mealsPerWeek} type="number" inputMode="numeric" min={1} error={errors.mealsPerWeek?.message} {...form.register('mealsPerWeek', { valueAsNumber: true })} />
        <div className="grid gap-1.5">
          <Label htmlFor={priceId}>{fields.weeklyPrice}</Label>
          <Controller
            control={form.control}
            name="weeklyPrice"
            render={({ field }) => (
              <input
                id={priceId}
                inputMode="decimal"
                className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
                defaultValue={Number.isNaN(field.value) ? '' : (field.value / 100).toFixed(2)}
                aria-invalid={errors.weeklyPrice ? true : undefined}
                aria-describedby={errors.weeklyPrice ? `${priceId}-message` : undefined}
                onChange={(event) => field.onChange(centsOf(event.target.value))}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <FieldMessage id={`${priceId}-message`} message={errors.weeklyPrice?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={dayId}>{fields.deliveryDay}</Label>
          <NativeSelect id={dayId} aria-invalid={errors.deliveryDay ? true : undefined} {...form.register('deliveryDay', { valueAsNumber: true })}>
            {weekdayNames.map((name, day) => (
              <option key={name} value={day}>
                {name}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={`${dayId}-message`} message={errors.deliveryDay?.message} />
        </div>
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.dishIds ? `${dishesId}-message` : undefined}>
        <legend className="mb-1 text-sm font-medium">{fields.dishes}</legend>
        {dishes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{mealPlanCopy.kitchen.noDishes}</p>
        ) : (
          <Controller
            control={form.control}
            name="dishIds"
            render={({ field }) => {
              const chosen = new Set(field.value ?? []);
              return (
                <ul className="grid gap-1 sm:grid-cols-2">
                  {dishes.map((dish) => (
                    <li key={dish.id}>
                      <label className="flex min-h-10 items-center gap-2 rounded-md px-2 hover:bg-muted">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={chosen.has(dish.id)}
                          onChange={(event) => field.onChange(event.target.checked ? [...chosen, dish.id] : [...chosen].filter((id) => id !== dish.id))}
                        />
                        <span className="text-sm">
                          {dish.name}
                          {dish.available ? null : <span className="text-muted-foreground"> ({mealPlanCopy.kitchen.unavailable})</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              );
            }}
          />
        )}
        <FieldMessage id={`${dishesId}-message`} message={errors.dishIds?.message ?? errors.dishIds?.root?.message} />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending}>
          {mealPlanCopy.kitchen.save}
        </Button>
      </div>
    </form>
  );
}
