import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { zipCodeInput, type WarehouseRef, type ZipCodeInput } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useWarehouseForZip } from '../api/location-queries';

/**
 * A ZIP code field that finds the nearest warehouse delivering there and chooses it, for a shopper who
 * would rather type where they are than share a position or save an address (guests included). A ZIP
 * code no warehouse serves, or one that cannot be placed, is said at the field.
 */
export function ZipFinder({ onChoose }: { onChoose(warehouse: WarehouseRef): void }) {
  const find = useWarehouseForZip();
  const form = useForm<ZipCodeInput>({ resolver: zodResolver(zipCodeInput), defaultValues: { zipCode: '' } });
  useServerFieldErrors(find.error, form.setError);
  const { errors } = form.formState;
  const failure = find.error && !(find.error instanceof ApiError && find.error.fields) ? find.error.message : undefined;

  function submit(input: ZipCodeInput) {
    find.mutate(input, {
      onSuccess: (area) => {
        if (area.inServiceArea && area.warehouse) {
          onChoose(area.warehouse);
          toast.success(copy.location.zipChosen(area.warehouse.name));
        } else form.setError('zipCode', { type: 'server', message: copy.cart.outsideServiceArea });
      },
    });
  }

  return (
    <form className="flex items-start gap-2" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="min-w-0 flex-1">
        <FormField
          label={copy.location.zipLabel}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          hint={copy.location.zipHint}
          error={errors.zipCode?.message ?? failure}
          {...form.register('zipCode')}
        />
      </div>
      <Button type="submit" variant="outline" className="mt-[1.375rem]" busy={find.isPending}>
        {find.isPending ? copy.location.zipFinding : copy.location.zipFind}
      </Button>
    </form>
  );
}
