import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { kitchenApplicationInput, kitchenTypes } from '@/shared/contracts/kitchen-operator';
import { usStateCodes } from '@/shared/contracts/locations';
import { kitchenCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSubmitKitchenApplication } from '../api/kitchen-operator';

type FormInput = z.input<typeof kitchenApplicationInput>;
type FormOutput = z.output<typeof kitchenApplicationInput>;

const text = kitchenCopy.application;

/** A select with its label and its error at the field. */
function SelectField({ label, error, children, ...props }: { label: string; error?: string } & React.ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-message` : undefined} {...props}>
        {children}
      </NativeSelect>
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The application to open a kitchen, checked with the API's own schema; the server's field errors show at the field. */
export function KitchenApplicationForm({ defaults }: { defaults?: Partial<FormInput> }) {
  const submit = useSubmitKitchenApplication();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(kitchenApplicationInput),
    defaultValues: {
      businessName: '',
      kitchenType: 'home',
      streetAddress: '',
      city: '',
      state: '',
      zipCode: '',
      contactPhone: '',
      foodSafetyCertificate: '',
      cuisine: '',
      description: '',
      ...defaults,
    },
  });
  useServerFieldErrors(submit.error, form.setError);
  const { errors } = form.formState;
  const f = text.fields;
  const noticeId = useId();

  return (
    <form className="grid gap-4" noValidate aria-label={text.title} onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
      <section id={noticeId} aria-label={text.accountNoticeTitle} className="grid gap-1 rounded-md border border-orange-300 bg-orange-50 p-4 text-sm text-orange-950 dark:border-orange-400/30 dark:bg-orange-400/10 dark:text-orange-200">
        <h2 className="flex items-center gap-2 font-semibold">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {text.accountNoticeTitle}
        </h2>
        <p>{text.accountNotice}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField label={f.businessName} autoComplete="organization" error={errors.businessName?.message} {...form.register('businessName')} />
        <SelectField label={f.kitchenType} error={errors.kitchenType?.message} {...form.register('kitchenType')}>
          {kitchenTypes.map((type) => (
            <option key={type} value={type}>
              {text.kitchenTypes[type]}
            </option>
          ))}
        </SelectField>
      </div>
      <FormField label={f.streetAddress} autoComplete="street-address" error={errors.streetAddress?.message} {...form.register('streetAddress')} />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField label={f.city} autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <SelectField label={f.state} autoComplete="address-level1" error={errors.state?.message} {...form.register('state')}>
          <option value="">{kitchenCopy.choose}</option>
          {usStateCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <FormField label={f.zipCode} inputMode="numeric" autoComplete="postal-code" error={errors.zipCode?.message} {...form.register('zipCode')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={f.contactPhone} type="tel" autoComplete="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
        <FormField label={f.foodSafetyCertificate} error={errors.foodSafetyCertificate?.message} {...form.register('foodSafetyCertificate')} />
      </div>
      <FormField label={f.cuisine} placeholder={kitchenCopy.cuisinePlaceholder} error={errors.cuisine?.message} {...form.register('cuisine')} />
      <TextAreaField label={f.description} rows={4} error={errors.description?.message} {...form.register('description')} />
      <div>
        <Button type="submit" busy={submit.isPending} aria-describedby={noticeId}>
          {submit.isPending ? text.submitting : text.submit}
        </Button>
      </div>
    </form>
  );
}
