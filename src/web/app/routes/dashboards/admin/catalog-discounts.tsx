import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { discountInput, discountScopes, type AdminDiscount, type DiscountScope } from '@/shared/contracts/catalog-admin';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { adminCategoriesQuery, adminDiscountsQuery, useSaveDiscount } from '@/web/features/admin/api/catalog';
import { freshSubmit, validateWith } from '@/web/features/admin/components/catalog-form-helpers';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { EditorDialog } from '@/web/features/admin/components/editor-dialog';
import { ListStates } from '@/web/features/admin/components/list-states';
import { ProductPicker } from '@/web/features/admin/components/product-picker';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { DashboardHome } from '../dashboard-home';

const scopeLabels: Record<DiscountScope, string> = { product: 'A product', subcategory: 'A subcategory', category: 'A whole category' };

/** A day picked in the browser as the start of that day in the admin's time zone, as the API wants it. */
const instantOf = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayOf = (instant: string | null) => {
  if (!instant) return '';
  const date = new Date(instant);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

function DiscountForm({ discount, onDone }: { discount?: AdminDiscount; onDone: () => void }) {
  const save = useSaveDiscount();
  const categories = useQuery(adminCategoriesQuery);
  const scopeId = useId();
  const targetId = useId();
  const [product, setProduct] = useState(discount?.scope === 'product' ? { id: discount.targetId, name: discount.targetName } : null);
  const form = useForm({
    defaultValues: {
      name: discount?.name ?? '',
      scope: discount?.scope ?? ('product' as DiscountScope),
      targetId: discount && discount.scope !== 'product' ? discount.targetId : '',
      minQuantity: String(discount?.minQuantity ?? 2),
      percentage: String(discount?.percentage ?? 10),
      validFrom: dayOf(discount?.validFrom ?? null),
      validUntil: dayOf(discount?.validUntil ?? null),
      active: discount?.active ?? true,
    },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const scope = useWatch({ control: form.control, name: 'scope' });
  const targets =
    scope === 'category'
      ? (categories.data ?? []).map((category) => ({ id: category.id, name: category.name }))
      : (categories.data ?? []).flatMap((category) => category.subcategories.map((sub) => ({ id: sub.id, name: `${category.name} › ${sub.name}` })));

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={discount ? 'Edit discount' : 'New discount'}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(
          discountInput,
          {
            name: values.name,
            scope: values.scope,
            targetId: values.scope === 'product' ? (product?.id ?? '') : values.targetId,
            minQuantity: values.minQuantity.trim() === '' ? Number.NaN : Number(values.minQuantity),
            percentage: values.percentage.trim() === '' ? Number.NaN : Number(values.percentage),
            validFrom: instantOf(values.validFrom),
            validUntil: instantOf(values.validUntil),
            active: values.active,
          },
          form.setError,
        );
        if (input) save.mutate({ id: discount?.id, input }, { onSuccess: onDone });
      })}
    >
      <FormField label="Name" placeholder="Chicken 3+" error={errors.name?.message} {...form.register('name')} />
      <div className="grid gap-1.5">
        <Label htmlFor={scopeId}>Applies to</Label>
        <NativeSelect id={scopeId} {...form.register('scope', { onChange: () => form.setValue('targetId', '') })}>
          {discountScopes.map((value) => (
            <option key={value} value={value}>
              {scopeLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {scope === 'product' ? (
        <div className="grid gap-2">
          <p className="text-sm" aria-live="polite">
            Product: {product ? product.name : <span className="text-muted-foreground">none chosen</span>}
          </p>
          <ProductPicker label={product ? 'Change the product' : 'Choose the product'} error={errors.targetId ? 'Choose a product' : undefined} onPick={(picked) => setProduct({ id: picked.id, name: picked.name })} />
        </div>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={targetId}>{scope === 'category' ? 'Category' : 'Subcategory'}</Label>
          <NativeSelect
            id={targetId}
            aria-invalid={errors.targetId ? true : undefined}
            aria-describedby={errors.targetId ? `${targetId}-message` : undefined}
            {...form.register('targetId')}
          >
            <option value="">Choose…</option>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </NativeSelect>
          {errors.targetId ? (
            <p id={`${targetId}-message`} role="alert" className="text-sm text-destructive">
              {scope === 'category' ? 'Choose a category' : 'Choose a subcategory'}
            </p>
          ) : null}
        </div>
      )}
      <div className="grid grid-cols-2 items-start gap-3">
        <FormField label="Minimum quantity" inputMode="numeric" error={errors.minQuantity?.message} {...form.register('minQuantity')} />
        <FormField label="Percentage off" inputMode="decimal" error={errors.percentage?.message} {...form.register('percentage')} />
        <FormField label="Valid from" type="date" error={errors.validFrom?.message} {...form.register('validFrom')} />
        <FormField label="Valid until" type="date" hint="Ends at the start of this day." error={errors.validUntil?.message} {...form.register('validUntil')} />
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('active')} />
        Active
      </label>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save discount'}
      </Button>
    </form>
  );
}

function validity(discount: AdminDiscount) {
  const format = (instant: string) => new Date(instant).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  if (discount.validFrom && discount.validUntil) return `${format(discount.validFrom)} – ${format(discount.validUntil)}`;
  if (discount.validFrom) return `from ${format(discount.validFrom)}`;
  if (discount.validUntil) return `until ${format(discount.validUntil)}`;
  return 'always';
}

export function CatalogDiscountsPage() {
  const discounts = useQuery(adminDiscountsQuery);
  return (
    <DashboardHome title="Catalog" description="Quantity discounts: a percentage off from a minimum quantity. Shoppers get the best one that applies.">
      <CatalogTabs />
      <div>
        <EditorDialog
          trigger={
            <Button size="lg">
              <Plus aria-hidden /> New discount
            </Button>
          }
          title="New quantity discount"
          description="On a product, a subcategory or a whole category."
        >
          {(done) => <DiscountForm onDone={done} />}
        </EditorDialog>
      </div>
      <ListStates query={discounts} what="discounts" empty="There are no discounts yet.">
        {(list) => (
          <ul className="grid min-w-0 grid-cols-1 gap-2" aria-label="Discounts">
            {list.map((discount) => (
              <li key={discount.id} className="flex items-center gap-3 rounded-lg border p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {discount.name} <span className="text-muted-foreground">· {discount.percentage}% off from {discount.minQuantity}</span>
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {discount.targetName} ({discount.scope}) · {validity(discount)}
                  </p>
                </div>
                <Badge tone={discount.active ? 'success' : 'muted'}>{discount.active ? 'Active' : 'Off'}</Badge>
                <EditorDialog
                  trigger={
                    <Button variant="outline" size="icon" className="size-10 shrink-0" aria-label={`Edit ${discount.name}`}>
                      <Pencil aria-hidden />
                    </Button>
                  }
                  title={`Edit ${discount.name}`}
                  description="What it applies to, from how many, how much and when."
                >
                  {(done) => <DiscountForm discount={discount} onDone={done} />}
                </EditorDialog>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </DashboardHome>
  );
}
