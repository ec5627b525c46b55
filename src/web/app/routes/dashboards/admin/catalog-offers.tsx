import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bogoInput, type AdminBogoOffer } from '@/shared/contracts/catalog-admin';
import { catalogAdminCopy, catalogEditorCopy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { adminOffersQuery, useSaveOffer } from '@/web/features/admin/api/catalog';
import { dayOf, freshSubmit, instantOf, validateWith, windowText } from '@/web/features/admin/components/catalog-form-helpers';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { CatalogEntry } from '@/web/features/admin/components/catalog-entry';
import { CatalogList } from '@/web/features/admin/components/catalog-list';
import { OfferStatusBadge } from '@/web/features/admin/components/offer-status-badge';
import { ProductPicker } from '@/web/features/admin/components/product-picker';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { DashboardPage } from '../dashboard-page';

const words = catalogAdminCopy.offers;
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function OfferForm({ offer, onDone }: { offer?: AdminBogoOffer; onDone: () => void }) {
  const save = useSaveOffer();
  const [product, setProduct] = useState(offer ? { id: offer.productId, name: offer.productName } : null);
  const form = useForm({
    defaultValues: {
      name: offer?.name ?? '',
      description: offer?.description ?? '',
      buyQuantity: String(offer?.buyQuantity ?? 1),
      getQuantity: String(offer?.getQuantity ?? 1),
      startsAt: dayOf(offer?.startsAt ?? null),
      endsAt: dayOf(offer?.endsAt ?? null),
      active: offer?.active ?? true,
    },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const productError = (errors as { productId?: { message?: string } }).productId?.message;
  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={offer ? catalogEditorCopy.offersPage.edit : catalogEditorCopy.offersPage.new}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(
          bogoInput,
          {
            ...values,
            productId: product?.id ?? '',
            buyQuantity: whole(values.buyQuantity),
            getQuantity: whole(values.getQuantity),
            startsAt: instantOf(values.startsAt),
            endsAt: instantOf(values.endsAt),
          },
          form.setError,
        );
        if (input) save.mutate({ id: offer?.id, input }, { onSuccess: onDone });
      })}
    >
      <FormField label={catalogEditorCopy.common.name} placeholder={catalogEditorCopy.offersPage.namePlaceholder} error={errors.name?.message} {...form.register('name')} />
      <FormField label={catalogEditorCopy.common.description} error={errors.description?.message} {...form.register('description')} />
      <div className="grid gap-1">
        <p className="text-sm font-medium">{catalogEditorCopy.common.product}</p>
        <p className="text-sm" aria-live="polite">
          {product ? product.name : <span className="text-muted-foreground">{catalogEditorCopy.common.noneChosen}</span>}
        </p>
      </div>
      <ProductPicker label={product ? catalogEditorCopy.common.changeProduct : catalogEditorCopy.common.chooseProduct} error={productError ? catalogEditorCopy.common.chooseAProduct : undefined} onPick={(picked) => setProduct({ id: picked.id, name: picked.name })} />
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField label={catalogEditorCopy.offersPage.buy} inputMode="numeric" error={errors.buyQuantity?.message} {...form.register('buyQuantity')} />
        <FormField label={catalogEditorCopy.offersPage.getFree} inputMode="numeric" error={errors.getQuantity?.message} {...form.register('getQuantity')} />
        <FormField label={words.startsAt} type="date" error={errors.startsAt?.message} {...form.register('startsAt')} />
        <FormField label={words.endsAt} type="date" hint={words.endsHint} error={errors.endsAt?.message} {...form.register('endsAt')} />
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('active')} />
        {catalogEditorCopy.common.active}
      </label>
      <Button type="submit" size="lg" busy={save.isPending}>
        {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.offersPage.save}
      </Button>
    </form>
  );
}

export function CatalogOffersPage() {
  const offers = useQuery(adminOffersQuery);
  return (
    <DashboardPage title={catalogEditorCopy.common.catalog} description={catalogEditorCopy.offersPage.description}>
      <CatalogTabs />
      <CatalogList
        query={offers}
        label={catalogEditorCopy.offersPage.label}
        what={catalogEditorCopy.offersPage.what}
        loadError={catalogEditorCopy.offersPage.loadError}
        empty={catalogEditorCopy.offersPage.empty}
        create={{ button: catalogEditorCopy.offersPage.new, title: catalogEditorCopy.offersPage.createTitle, description: catalogEditorCopy.offersPage.createDescription, form: (done) => <OfferForm onDone={done} /> }}
      >
        {(offer) => (
          <CatalogEntry
            key={offer.id}
            name={offer.name}
            details={[`${offer.productName}: buy ${offer.buyQuantity}, get ${offer.getQuantity} free`, windowText(offer.startsAt, offer.endsAt)]}
            status={<OfferStatusBadge active={offer.active} start={offer.startsAt} end={offer.endsAt} />}
            editDescription={catalogEditorCopy.offersPage.editDescription}
          >
            {(done) => <OfferForm offer={offer} onDone={done} />}
          </CatalogEntry>
        )}
      </CatalogList>
    </DashboardPage>
  );
}
