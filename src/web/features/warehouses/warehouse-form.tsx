import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useForm, useWatch, type ErrorOption, type Resolver } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { adminWarehouseInput, type AdminWarehouse, type AdminWarehouseInput, type WarehouseStaffMember } from '@/shared/contracts/locations';
import { warehouseAdminCopy } from '@/shared/copy';
import { formatMoney, parseMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ListSearchField } from '@/web/components/ui/list-state';
import { usTimeZones } from '@/web/lib/time-zones';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { staffCandidatesQuery, useSaveWarehouse } from './warehouse-queries';

const text = warehouseAdminCopy.form;

/** Zones a US warehouse is likely in; any IANA zone is accepted. */

/** What the admin types: numbers as text (the fee in dollars), checked by the API's own schema on submit. */
interface FormValues {
  name: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  locate: boolean;
  latitude: string;
  longitude: string;
  deliveryRadiusMiles: string;
  deliveryFee: string;
  windowCapacity: string;
  pickTimeMinutes: string;
  timeZone: string;
  active: boolean;
  staff: WarehouseStaffMember[];
}

/** The API's field names where the form names them differently. */
const formField: Record<string, keyof FormValues> = { deliveryFeeCents: 'deliveryFee' };

const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** Turns the form into the API's input and checks it with the API's schema, errors at the form's fields. */
const resolver: Resolver<FormValues, unknown, AdminWarehouseInput> = async (values) => {
  const fee = parseMoney(values.deliveryFee);
  const input = {
    name: values.name,
    streetAddress: values.streetAddress,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    ...(values.locate ? {} : { latitude: asNumber(values.latitude), longitude: asNumber(values.longitude) }),
    deliveryRadiusMiles: asNumber(values.deliveryRadiusMiles),
    deliveryFeeCents: fee ?? Number.NaN,
    windowCapacity: asNumber(values.windowCapacity),
    pickTimeMinutes: asNumber(values.pickTimeMinutes),
    timeZone: values.timeZone,
    active: values.active,
    staff: values.staff.map(({ profileId, role }) => ({ profileId, role })),
  };
  const parsed = adminWarehouseInput.safeParse(input);
  const errors: Record<string, { type: string; message: string }> = {};
  if (fee === null) errors.deliveryFee = { type: 'validate', message: text.feeInvalid };
  for (const issue of parsed.error?.issues ?? []) {
    const name = formField[String(issue.path[0])] ?? String(issue.path[0]);
    errors[name] ??= { type: 'validate', message: issue.message };
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors: errors as never };
  return { values: input as AdminWarehouseInput, errors: {} };
};

function defaultsOf(warehouse: AdminWarehouse | null): FormValues {
  return {
    name: warehouse?.name ?? '',
    streetAddress: warehouse?.streetAddress ?? '',
    city: warehouse?.city ?? '',
    state: warehouse?.state ?? '',
    zipCode: warehouse?.zipCode ?? '',
    // A new warehouse is placed from its address; an existing one keeps its coordinates, which may be a correction.
    locate: warehouse === null,
    latitude: warehouse ? String(warehouse.latitude) : '',
    longitude: warehouse ? String(warehouse.longitude) : '',
    deliveryRadiusMiles: String(warehouse?.deliveryRadiusMiles ?? 10),
    deliveryFee: warehouse ? formatMoney(warehouse.deliveryFeeCents).replace('$', '') : '3.99',
    windowCapacity: String(warehouse?.windowCapacity ?? 20),
    pickTimeMinutes: String(warehouse?.pickTimeMinutes ?? 20),
    timeZone: warehouse?.timeZone ?? 'America/Chicago',
    active: warehouse?.active ?? true,
    staff: warehouse?.staff ?? [],
  };
}

/** Creates a warehouse (`warehouse` null) or edits one; `onSaved` runs after a successful save. */
export function WarehouseForm({ warehouse, onSaved, onCancel }: { warehouse: AdminWarehouse | null; onSaved(saved: AdminWarehouse): void; onCancel(): void }) {
  const form = useForm<FormValues, unknown, AdminWarehouseInput>({ resolver, defaultValues: defaultsOf(warehouse) });
  const save = useSaveWarehouse(warehouse?.id ?? null);
  const { setError } = form;
  // The server names the fee in cents; the form shows it in dollars.
  const setServerError = useCallback((name: string, error: ErrorOption) => setError((formField[name] ?? name) as keyof FormValues, error), [setError]);
  useServerFieldErrors(save.error, setServerError);
  const errors = form.formState.errors;
  const locate = useWatch({ control: form.control, name: 'locate' });
  const staff = useWatch({ control: form.control, name: 'staff' });

  async function submit(input: AdminWarehouseInput) {
    try {
      const saved = await save.mutateAsync(input);
      toast.success(text.saved(saved.name));
      onSaved(saved);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : text.failed);
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} aria-label={warehouse ? text.editTitle : text.newTitle}>
      <FormField className="h-10" label={text.name} error={errors.name?.message} {...form.register('name')} />
      <FormField className="h-10" label={text.streetAddress} autoComplete="street-address" error={errors.streetAddress?.message} {...form.register('streetAddress')} />
      <div className="grid grid-cols-[1fr_5rem_7rem] gap-2">
        <FormField className="h-10" label={text.city} error={errors.city?.message} {...form.register('city')} />
        <FormField className="h-10" label={text.state} maxLength={2} error={errors.state?.message} {...form.register('state')} />
        <FormField className="h-10" label={text.zipCode} inputMode="numeric" error={errors.zipCode?.message} {...form.register('zipCode')} />
      </div>
      <div className="grid gap-1">
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('locate')} />
          {text.locate}
        </label>
        <p className="text-sm text-muted-foreground">{text.locateHint}</p>
      </div>
      {!locate ? (
        <div className="grid grid-cols-2 gap-2">
          <FormField className="h-10" label={text.latitude} inputMode="decimal" error={errors.latitude?.message} {...form.register('latitude')} />
          <FormField className="h-10" label={text.longitude} inputMode="decimal" error={errors.longitude?.message} {...form.register('longitude')} />
        </div>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField className="h-10" label={text.deliveryRadiusMiles} inputMode="decimal" error={errors.deliveryRadiusMiles?.message} {...form.register('deliveryRadiusMiles')} />
        <FormField className="h-10" label={text.deliveryFee} inputMode="decimal" error={errors.deliveryFee?.message} {...form.register('deliveryFee')} />
        <FormField className="h-10" label={text.windowCapacity} inputMode="numeric" error={errors.windowCapacity?.message} {...form.register('windowCapacity')} />
        <FormField className="h-10" label={text.pickTimeMinutes} inputMode="numeric" error={errors.pickTimeMinutes?.message} {...form.register('pickTimeMinutes')} />
      </div>
      <FormField className="h-10" label={text.timeZone} list="warehouse-time-zones" error={errors.timeZone?.message} {...form.register('timeZone')} />
      <datalist id="warehouse-time-zones">
        {usTimeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('active')} />
        {text.activeLabel}
        {errors.active?.message ? <span role="alert" className="text-destructive">{errors.active.message}</span> : null}
      </label>
      <StaffPicker
        staff={staff}
        errors={Object.entries(errors.staff ?? {}).flatMap(([, value]) => (value && typeof value === 'object' && 'profileId' in value ? [String((value.profileId as { message?: string })?.message ?? '')] : []))}
        onChange={(next) => form.setValue('staff', next, { shouldDirty: true })}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" className="h-10" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" className="h-10" busy={save.isPending}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}

/** The managers and drivers at the warehouse, and a search to add more. */
function StaffPicker({ staff, errors, onChange }: { staff: WarehouseStaffMember[]; errors: string[]; onChange(next: WarehouseStaffMember[]): void }) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const search = q.trim();
  const candidates = useQuery({ ...staffCandidatesQuery(search), enabled: search.length >= 2 });
  const assigned = new Set(staff.map((member) => member.profileId));
  const found = (candidates.data ?? []).filter((person) => !assigned.has(person.profileId));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{text.staff}</legend>
      {staff.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.staffNone}</p>
      ) : (
        <ul className="grid gap-1">
          {staff.map((member) => (
            <li key={member.profileId} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 break-words">
                {member.name} · {text.roles[member.role]}
              </span>
              <Button type="button" variant="ghost" size="icon" className="size-10" aria-label={text.removePerson(member.name)} onClick={() => onChange(staff.filter((other) => other.profileId !== member.profileId))}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.filter(Boolean).map((message) => (
        <p key={message} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ))}
      <ListSearchField id={searchId} label={text.staffSearch} value={q} onChange={setQ} />
      {search.length >= 2 && candidates.data ? (
        found.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.staffNoMatch}</p>
        ) : (
          <ul className="grid gap-1">
            {found.map((person) => (
              <li key={person.profileId} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 break-words">
                  {person.name} · {text.roles[person.role]} · {person.email}
                </span>
                <Button type="button" variant="outline" size="sm" className="h-10" aria-label={text.addPerson(person.name)} onClick={() => onChange([...staff, person])}>
                  +
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}
