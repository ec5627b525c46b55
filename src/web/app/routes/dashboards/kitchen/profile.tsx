import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ChefHat } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { kitchenProfileInput, openingHoursSlot, type KitchenProfile } from '@/shared/contracts/kitchen-operator';
import { usStateCodes } from '@/shared/contracts/locations';
import { kitchenCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { FormField, SelectField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { kitchenProfileQuery, useSetKitchenOpen, useUpdateKitchenProfile } from '@/web/features/kitchens/api/kitchen-operator';
import { ImageUpload } from '@/web/features/kitchens/components/image-upload';
import { ApiError } from '@/web/lib/api-client';
import { timeZoneChoices, timeZoneName } from '@/web/lib/time-zones';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';

const text = kitchenCopy.profile;

/** The API's schema, with the hours as the page shows them: one row per weekday, open or not. */
const profileForm = kitchenProfileInput
  .omit({ openingHours: true })
  .extend({ days: z.array(z.object({ open: z.boolean(), opens: z.string(), closes: z.string() })).length(7) })
  .superRefine((values, context) => {
    values.days.forEach((day, index) => {
      if (!day.open) return;
      const slot = openingHoursSlot.safeParse({ day: index, opens: day.opens, closes: day.closes });
      for (const issue of slot.success ? [] : slot.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message, path: ['days', index, issue.path[0] === 'opens' ? 'opens' : 'closes'] });
      }
    });
  });
type FormInput = z.input<typeof profileForm>;
type FormOutput = z.output<typeof profileForm>;

function toForm(profile: KitchenProfile): FormInput {
  const { openingHours, id: _id, isOpen: _isOpen, openNow: _openNow, kitchenType: _type, ...rest } = profile;
  return {
    ...rest,
    days: Array.from({ length: 7 }, (_, day) => {
      const slot = openingHours.find((hours) => hours.day === day);
      return { open: Boolean(slot), opens: slot?.opens ?? '09:00', closes: slot?.closes ?? '21:00' };
    }),
  };
}

function OpenSwitch({ profile }: { profile: KitchenProfile }) {
  const setOpen = useSetKitchenOpen();
  const id = useId();
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3 p-4">
        <Switch
          id={id}
          className="size-6"
          checked={profile.isOpen}
          busy={setOpen.isPending}
          onCheckedChange={(open) => setOpen.mutate(open, { onSuccess: (saved) => toast.success(saved.isOpen ? text.openedToast : text.closedToast) })}
        />
        <Label htmlFor={id} className="text-base font-semibold">
          {text.openSwitch}
        </Label>
        <Badge tone={profile.openNow ? 'success' : 'muted'}>{profile.openNow ? text.openNow : text.closedNow}</Badge>
      </CardContent>
    </Card>
  );
}

function ProfileForm({ profile }: { profile: KitchenProfile }) {
  const update = useUpdateKitchenProfile();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(profileForm), defaultValues: toForm(profile) });
  useServerFieldErrors(update.error, form.setError);
  const { errors } = form.formState;
  const f = text.fields;
  const stateId = useId();
  const zones = useMemo(() => timeZoneChoices(profile.timeZone), [profile.timeZone]);
  const hoursError = update.error instanceof ApiError ? Object.entries(update.error.fields ?? {}).find(([key]) => key.startsWith('openingHours'))?.[1] : undefined;

  function submit({ days, ...values }: FormOutput) {
    const openingHours = days.flatMap((day, index) => (day.open ? [{ day: index, opens: day.opens, closes: day.closes }] : []));
    update.mutate({ ...values, openingHours }, { onSuccess: () => toast.success(text.saved) });
  }

  return (
    <form className="grid gap-4" noValidate aria-label={text.title} onSubmit={form.handleSubmit(submit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={f.businessName} error={errors.businessName?.message} {...form.register('businessName')} />
        <FormField label={f.cuisine} error={errors.cuisine?.message} {...form.register('cuisine')} />
      </div>
      <TextAreaField label={kitchenCopy.application.fields.description} rows={3} error={errors.description?.message} {...form.register('description')} />
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field, fieldState }) => <ImageUpload label={f.image} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <FormField label={f.streetAddress} autoComplete="street-address" error={errors.streetAddress?.message} {...form.register('streetAddress')} />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField label={f.city} error={errors.city?.message} {...form.register('city')} />
        <div className="grid gap-1.5">
          <Label htmlFor={stateId}>{f.state}</Label>
          <NativeSelect id={stateId} aria-invalid={errors.state ? true : undefined} {...form.register('state')}>
            {usStateCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
          {errors.state ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.state.message}
            </p>
          ) : null}
        </div>
        <FormField label={f.zipCode} inputMode="numeric" error={errors.zipCode?.message} {...form.register('zipCode')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={f.contactPhone} type="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
        <SelectField label={f.timeZone} error={errors.timeZone?.message} {...form.register('timeZone')}>
          <optgroup label={text.usTimeZones}>
            {zones.us.map((zone) => (
              <option key={zone} value={zone}>
                {text.timeZoneOption(zone, timeZoneName(zone))}
              </option>
            ))}
          </optgroup>
          <optgroup label={text.allTimeZones}>
            {zones.others.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </optgroup>
        </SelectField>
        <FormField label={f.prepTimeMinutes} type="number" inputMode="numeric" error={errors.prepTimeMinutes?.message} {...form.register('prepTimeMinutes')} />
        <FormField label={f.ordersPerHour} type="number" inputMode="numeric" error={errors.ordersPerHour?.message} {...form.register('ordersPerHour')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{text.hours}</legend>
        <p className="text-sm text-muted-foreground">{text.hoursHint}</p>
        {text.days.map((day, index) => (
          <div key={day} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[9rem_10rem_10rem]">
            <label className="col-span-2 flex min-h-10 items-center gap-2 text-sm font-medium sm:col-span-1">
              <input type="checkbox" className="size-5 accent-primary" aria-label={text.openOn(day)} {...form.register(`days.${index}.open`)} />
              {day}
            </label>
            <FormField label={text.opens(day)} className="min-w-0" type="time" error={errors.days?.[index]?.opens?.message} {...form.register(`days.${index}.opens`)} />
            <FormField label={text.closes(day)} className="min-w-0" type="time" error={errors.days?.[index]?.closes?.message} {...form.register(`days.${index}.closes`)} />
          </div>
        ))}
        {hoursError ? (
          <p role="alert" className="text-sm text-destructive">
            {hoursError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}

export function KitchenProfilePage() {
  const profile = useQuery(kitchenProfileQuery);
  let body;
  if (profile.isPending) body = <Skeleton className="h-96 w-full" aria-label={kitchenCopy.loading} />;
  else if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404)
    body = <EmptyState icon={ChefHat} title={kitchenCopy.dashboard.noKitchen}>{kitchenCopy.dashboard.noKitchenText}</EmptyState>;
  else if (profile.isError) body = <QueryError title={text.loadFailed} error={profile.error} onRetry={() => void profile.refetch()} />;
  else
    body = (
      <div className="grid gap-6">
        <OpenSwitch profile={profile.data} />
        <ProfileForm profile={profile.data} />
      </div>
    );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={text.title} description={text.description} />
      {body}
    </div>
  );
}
