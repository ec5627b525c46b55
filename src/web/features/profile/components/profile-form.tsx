import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileUpdate, type Profile } from '@/shared/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useUpdateProfile } from '../api/update-profile';
import { accountCopy } from '@/shared/copy';

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof profileUpdate>, unknown, z.output<typeof profileUpdate>>({
    resolver: zodResolver(profileUpdate),
    defaultValues: { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', phone: profile.phone ?? '' },
  });
  useServerFieldErrors(update.error, form.setError);
  const { errors } = form.formState;

  return (
    <form
      className="grid max-w-xl gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => update.mutate({ ...values, phone: values.phone ?? '' }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={accountCopy.fields.firstName} autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <FormField label={accountCopy.fields.lastName} autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <FormField label={accountCopy.fields.phone} type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <div>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? accountCopy.saving : accountCopy.save}
        </Button>
      </div>
    </form>
  );
}
