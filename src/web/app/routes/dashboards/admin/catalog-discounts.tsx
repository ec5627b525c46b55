import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { discountInput, discountScopes, type AdminDiscount, type DiscountScope } from '@/shared/contracts/catalog-admin';
import { catalogAdminCopy, catalogEditorCopy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { adminCategoriesQuery, adminDiscountsQuery, useSaveDiscount } from '@/web/features/admin/api/catalog';
import { dayOf, freshSubmit, instantOf, validateWith, windowText } from '@/web/features/admin/components/catalog-form-helpers';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { CatalogEntry } from '@/web/features/admin/components/catalog-entry';
import { CatalogList } from '@/web/features/admin/components/catalog-list';
import { OfferStatusBadge } from '@/web/features/admin/components/offer-status-badge';
import { ProductPicker } from '@/web/features/admin/components/product-picker';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { DashboardPage } from '../dashboard-page';

const words = catalogAdminCopy.offers;
const scopeLabels: Record<DiscountScope, string> = { product: 'A product', subcategory: 'A subcategory', category: 'A whole category', all: words.scopeAll };

function DiscountForm({ discount, onDone }: { discount?: AdminDiscount; onDone: () => void }) {
  const save = useSaveDiscount();
  const categories = useQuery(adminCategoriesQuery);
  const scopeId = useId();
  const targetId = useId();
  const [product, setProduct] = useState(discount?.scope === 'product' && discount.targetId ? { id: discount.targetId, name: discount.targetName ?? '' } : null);
  const form = useForm({
    defaultValues: {
      name: discount?.name ?? '',
      scope: discount?.scope ?? ('product' as DiscountScope),
      targetId: discount && discount.scope !== 'product' ? (discount.targetId ?? '') : '',
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
      aria-label={discount ? catalogEditorCopy.discountsPage.edit : catalogEditorCopy.discountsPage.new}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(
          discountInput,
          {
            name: values.name,
            scope: values.scope,
            targetId: values.scope === 'all' ? null : values.scope === 'product' ? (product?.id ?? '') : values.targetId,
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
      <FormField label={catalogEditorCopy.common.name} placeholder={catalogEditorCopy.discountsPage.namePlaceholder} error={errors.name?.message} {...form.register('name')} />
      <div className="grid gap-1.5">
        <Label htmlFor={scopeId}>{catalogEditorCopy.discountsPage.appliesTo}</Label>
        <NativeSelect id={scopeId} {...form.register('scope', { onChange: () => form.setValue('targetId', '') })}>
          {discountScopes.map((value) => (
            <option key={value} value={value}>
              {scopeLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {scope === 'all' ? (
        <p className="text-sm text-muted-foreground">{words.allProductsNote}</p>
      ) : scope === 'product' ? (
        <div className="grid gap-2">
          <p className="text-sm" aria-live="polite">
            {catalogEditorCopy.common.productIs}{product ? product.name : <span className="text-muted-foreground">{catalogEditorCopy.common.noneChosenLower}</span>}
          </p>
          <ProductPicker label={product ? catalogEditorCopy.common.changeProduct : catalogEditorCopy.common.chooseProduct} error={errors.targetId ? catalogEditorCopy.common.chooseAProduct : undefined} onPick={(picked) => setProduct({ id: picked.id, name: picked.name })} />
        </div>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={targetId}>{scope === 'category' ? catalogEditorCopy.common.category : catalogEditorCopy.common.subcategory}</Label>
          <NativeSelect
            id={targetId}
            aria-invalid={errors.targetId ? true : undefined}
            aria-describedby={errors.targetId ? `${targetId}-message` : undefined}
            {...form.register('targetId')}
          >
            <option value="">{catalogEditorCopy.common.choose}</option>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </NativeSelect>
          {errors.targetId ? (
            <p id={`${targetId}-message`} role="alert" className="text-sm text-destructive">
              {scope === 'category' ? catalogEditorCopy.common.chooseCategory : catalogEditorCopy.common.chooseSubcategory}
            </p>
          ) : null}
        </div>
      )}
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField label={catalogEditorCopy.discountsPage.minQuantity} inputMode="numeric" error={errors.minQuantity?.message} {...form.register('minQuantity')} />
        <FormField label={catalogEditorCopy.discountsPage.percentage} inputMode="decimal" error={errors.percentage?.message} {...form.register('percentage')} />
        <FormField label={catalogEditorCopy.discountsPage.validFrom} type="date" error={errors.validFrom?.message} {...form.register('validFrom')} />
        <FormField label={catalogEditorCopy.discountsPage.validUntil} type="date" hint={words.endsHint} error={errors.validUntil?.message} {...form.register('validUntil')} />
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('active')} />
        {catalogEditorCopy.common.active}
      </label>
      <Button type="submit" size="lg" busy={save.isPending}>
        {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.discountsPage.save}
      </Button>
    </form>
  );
}

export function CatalogDiscountsPage() {
  const discounts = useQuery(adminDiscountsQuery);
  return (
    <DashboardPage title={catalogEditorCopy.common.catalog} description={catalogEditorCopy.discountsPage.description}>
      <CatalogTabs />
      <CatalogList
        query={discounts}
        label={catalogEditorCopy.discountsPage.label}
        what={catalogEditorCopy.discountsPage.what}
        loadError={catalogEditorCopy.discountsPage.loadError}
        empty={catalogEditorCopy.discountsPage.empty}
        create={{ button: catalogEditorCopy.discountsPage.new, title: catalogEditorCopy.discountsPage.createTitle, description: catalogEditorCopy.discountsPage.createDescription, form: (done) => <DiscountForm onDone={done} /> }}
      >
        {(discount) => (
          <CatalogEntry
            key={discount.id}
            name={discount.name}
            summary={`${discount.percentage}% off from ${discount.minQuantity}`}
            details={[discount.scope === 'all' ? words.allProducts : `${discount.targetName} (${discount.scope})`, windowText(discount.validFrom, discount.validUntil)]}
            status={<OfferStatusBadge active={discount.active} start={discount.validFrom} end={discount.validUntil} />}
            editDescription={catalogEditorCopy.discountsPage.editDescription}
          >
            {(done) => <DiscountForm discount={discount} onDone={done} />}
          </CatalogEntry>
        )}
      </CatalogList>
    </DashboardPage>
  );
}
