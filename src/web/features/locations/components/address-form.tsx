import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADDRESS_UNIT_MAX, addressInput, DELIVERY_INSTRUCTIONS_MAX, usStateCodes, type Address } from '@/shared/contracts/locations';
import { addressCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useCreateAddress, useUpdateAddress } from '../api/address-queries';

type FormInput = z.input<typeof addressInput>;
type FormOutput = z.output<typeof addressInput>;

/**
 * Adds an address, or edits one when given. Coordinates come from the server's geocoder, never from here.
 * With autoFocus the first field takes the focus, for a customer sent here to add an address.
 */
export function AddressForm({ address, onDone, autoFocus = false }: { address?: Address; onDone: () => void; autoFocus?: boolean }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const mutation = address ? update : create;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addressInput),
    defaultValues: {
      label: address?.label ?? '',
      streetAddress: address?.streetAddress ?? '',
      unit: address?.unit ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zipCode: address?.zipCode ?? '',
      deliveryInstructions: address?.deliveryInstructions ?? '',
      isDefault: address?.isDefault ?? false,
    },
  });
  useServerFieldErrors(mutation.error, form.setError);
  const { setFocus } = form;
  // A field the server refused may be out of sight above the button (an address already saved is
  // refused at the street address): the focus goes to it.
  useEffect(() => {
    const refused = mutation.error instanceof ApiError && mutation.error.fields ? Object.keys(mutation.error.fields)[0] : undefined;
    if (refused && refused in addressInput.shape) setFocus(refused as keyof FormInput);
  }, [mutation.error, setFocus]);
  useEffect(() => {
    if (autoFocus) setFocus('label');
  }, [autoFocus, setFocus]);
  const { errors } = form.formState;
  const stateId = useId();
  const defaultId = useId();

  function submit(values: FormOutput) {
    const onSuccess = () => onDone();
    if (address) update.mutate({ id: address.id, input: values }, { onSuccess });
    else create.mutate(values, { onSuccess });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} aria-label={address ? addressCopy.form.editTitle : addressCopy.form.newTitle}>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <FormField label={addressCopy.form.label} placeholder={addressCopy.form.labelPlaceholder} autoComplete="off" error={errors.label?.message} {...form.register('label')} />
        <FormField label={addressCopy.form.streetAddress} autoComplete="address-line1" error={errors.streetAddress?.message} {...form.register('streetAddress')} />
      </div>
      <FormField
        label={addressCopy.unit}
        hint={addressCopy.unitHint}
        autoComplete="address-line2"
        maxLength={ADDRESS_UNIT_MAX}
        error={errors.unit?.message}
        {...form.register('unit')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField label={addressCopy.form.city} autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <div className="grid gap-1.5">
          <Label htmlFor={stateId}>{addressCopy.form.state}</Label>
          <NativeSelect
            id={stateId}
            autoComplete="address-level1"
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${stateId}-message` : undefined}
            {...form.register('state')}
          >
            <option value="">{addressCopy.form.choose}</option>
            {usStateCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
          {errors.state ? (
            <p id={`${stateId}-message`} role="alert" className="text-sm text-destructive">
              {errors.state.message}
            </p>
          ) : null}
        </div>
        <FormField label={addressCopy.form.zipCode} inputMode="numeric" autoComplete="postal-code" error={errors.zipCode?.message} {...form.register('zipCode')} />
      </div>
      <TextAreaField
        label={addressCopy.deliveryInstructions}
        hint={addressCopy.deliveryInstructionsHint}
        rows={2}
        maxLength={DELIVERY_INSTRUCTIONS_MAX}
        error={errors.deliveryInstructions?.message}
        {...form.register('deliveryInstructions')}
      />
      {address?.isDefault ? null : (
        <div className="flex items-center gap-2">
          <input id={defaultId} type="checkbox" className="size-4 accent-primary" {...form.register('isDefault')} />
          <Label htmlFor={defaultId}>{addressCopy.form.makeDefault}</Label>
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? addressCopy.form.saving : addressCopy.form.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {addressCopy.form.cancel}
        </Button>
      </div>
    </form>
  );
}
