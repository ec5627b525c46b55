import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bundleInput, type AdminBundle } from '@/shared/contracts/catalog-admin';
import { formatMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { adminBundlesQuery, useSaveBundle } from '@/web/features/admin/api/catalog';
import { centsOf, checkPriceText, dollarsOf, freshSubmit, validateWith } from '@/web/features/admin/components/catalog-form-helpers';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { CatalogEntry } from '@/web/features/admin/components/catalog-entry';
import { CatalogList } from '@/web/features/admin/components/catalog-list';
import { ProductPicker } from '@/web/features/admin/components/product-picker';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { DashboardPage } from '../dashboard-page';
import { catalogEditorCopy } from '@/shared/staff-copy';

type Component = { productId: string; name: string; quantity: number };

function BundleForm({ bundle, onDone }: { bundle?: AdminBundle; onDone: () => void }) {
  const save = useSaveBundle();
  const [items, setItems] = useState<Component[]>(bundle?.items.map(({ productId, name, quantity }) => ({ productId, name, quantity })) ?? []);
  const form = useForm({ defaultValues: { name: bundle?.name ?? '', description: bundle?.description ?? '', price: dollarsOf(bundle?.discountedPrice), active: bundle?.active ?? true } });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const itemsError = (errors as { items?: { message?: string } }).items?.message;

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={bundle ? catalogEditorCopy.bundlesPage.edit : catalogEditorCopy.bundlesPage.new}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(
          bundleInput,
          { name: values.name, description: values.description, discountedPrice: centsOf(values.price), active: values.active, items: items.map(({ productId, quantity }) => ({ productId, quantity })) },
          form.setError,
        );
        const priceWritten = checkPriceText(values.price, 'price', form.setError);
        if (input && priceWritten) save.mutate({ id: bundle?.id, input }, { onSuccess: onDone });
      })}
    >
      <FormField label={catalogEditorCopy.common.name} error={errors.name?.message} {...form.register('name')} />
      <FormField label={catalogEditorCopy.common.description} error={errors.description?.message} {...form.register('description')} />
      <FormField label={catalogEditorCopy.bundlesPage.price} inputMode="decimal" error={errors.price?.message ?? (errors as { discountedPrice?: { message?: string } }).discountedPrice?.message} {...form.register('price')} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{catalogEditorCopy.bundlesPage.products}</legend>
        {items.length === 0 ? <p className="text-sm text-muted-foreground">{catalogEditorCopy.bundlesPage.atLeastTwo}</p> : null}
        <ul className="grid min-w-0 grid-cols-1 gap-2" aria-label={catalogEditorCopy.bundlesPage.productsLabel}>
          {items.map((item, index) => (
            <li key={item.productId} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm">{item.name}</span>
              <Input
                type="number"
                min={1}
                max={100}
                className="h-10 w-20"
                aria-label={catalogEditorCopy.bundlesPage.quantityOf(item.name)}
                value={item.quantity}
                onChange={(event) => setItems(items.map((other, at) => (at === index ? { ...other, quantity: Number(event.target.value) } : other)))}
              />
              <Button type="button" variant="ghost" size="icon" className="size-10" aria-label={catalogEditorCopy.bundlesPage.remove(item.name)} onClick={() => setItems(items.filter((_, at) => at !== index))}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <ProductPicker
          label={catalogEditorCopy.bundlesPage.addProduct}
          error={itemsError}
          onPick={(product) => {
            if (!items.some((item) => item.productId === product.id)) setItems([...items, { productId: product.id, name: product.name, quantity: 1 }]);
          }}
        />
      </fieldset>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('active')} />
        {catalogEditorCopy.common.onSale}
      </label>
      <Button type="submit" size="lg" busy={save.isPending}>
        {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.bundlesPage.save}
      </Button>
    </form>
  );
}

export function CatalogBundlesPage() {
  const bundles = useQuery(adminBundlesQuery);
  return (
    <DashboardPage title={catalogEditorCopy.common.catalog} description={catalogEditorCopy.bundlesPage.description}>
      <CatalogTabs />
      <CatalogList
        query={bundles}
        label={catalogEditorCopy.bundlesPage.label}
        what={catalogEditorCopy.bundlesPage.what}
        loadError={catalogEditorCopy.bundlesPage.loadError}
        empty={catalogEditorCopy.bundlesPage.empty}
        create={{ button: catalogEditorCopy.bundlesPage.new, title: catalogEditorCopy.bundlesPage.new, description: catalogEditorCopy.bundlesPage.createDescription, form: (done) => <BundleForm onDone={done} /> }}
      >
        {(bundle) => (
          <CatalogEntry
            key={bundle.id}
            name={bundle.name}
            summary={formatMoney(bundle.discountedPrice)}
            details={[bundle.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')]}
            status={<Badge tone={bundle.active ? 'success' : 'muted'}>{bundle.active ? catalogEditorCopy.common.onSale : catalogEditorCopy.common.off}</Badge>}
            editDescription={catalogEditorCopy.bundlesPage.editDescription}
          >
            {(done) => <BundleForm bundle={bundle} onDone={done} />}
          </CatalogEntry>
        )}
      </CatalogList>
    </DashboardPage>
  );
}
