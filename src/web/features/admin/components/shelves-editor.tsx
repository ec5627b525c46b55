import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { shelfInput, type AdminProduct, type AdminShelf } from '@/shared/contracts/catalog-admin';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useSetShelf } from '../api/catalog';
import { centsOf, checkPriceText, dollarsOf, freshSubmit, validateWith } from './catalog-form-helpers';
import { catalogEditorCopy } from '@/shared/staff-copy';

interface ShelfFields {
  price: string;
  stockQuantity: string;
  active: boolean;
}

/** What the card's badge says: not stocked, not sold, or on sale (saying so when none is left). */
function shelfState(shelf: AdminShelf): { tone: 'muted' | 'warning' | 'success'; text: string } {
  const words = catalogEditorCopy.shelves;
  if (shelf.price === null) return { tone: 'muted', text: words.notStocked };
  if (!shelf.active) return { tone: 'warning', text: words.inactive };
  if (shelf.stockQuantity === 0) return { tone: 'warning', text: words.onSaleNoStock };
  return { tone: 'success', text: catalogEditorCopy.common.onSale };
}

/**
 * One warehouse's price, stock and active flag for the product. A warehouse that does not stock it is not
 * ticked "Sell here"; giving it a price ticks the box (until the admin sets the box themselves), so the
 * price saved puts it on sale there.
 */
function ShelfForm({ productId, shelf }: { productId: string; shelf: AdminShelf }) {
  const save = useSetShelf();
  const activeId = useId();
  const form = useForm<ShelfFields>({
    defaultValues: { price: dollarsOf(shelf.price), stockQuantity: String(shelf.stockQuantity), active: shelf.price !== null && shelf.active },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const state = shelfState(shelf);
  // Whether the admin has set "Sell here" themselves: then a price typed no longer sets it.
  const [activeChosen, setActiveChosen] = useState(false);
  const price = form.register('price', {
    onChange: (event: { target: { value: string } }) => {
      if (shelf.price === null && !activeChosen) form.setValue('active', event.target.value.trim() !== '');
    },
  });
  const active = form.register('active', { onChange: () => setActiveChosen(true) });

  function submit(values: ShelfFields) {
    const input = validateWith(shelfInput, { price: centsOf(values.price), stockQuantity: values.stockQuantity.trim() === '' ? Number.NaN : Number(values.stockQuantity), active: values.active }, form.setError);
    const priceWritten = checkPriceText(values.price, 'price', form.setError);
    if (input && priceWritten) save.mutate({ id: productId, warehouseId: shelf.warehouseId, input });
  }

  return (
    <form className="grid gap-3 rounded-lg border p-3" noValidate aria-label={catalogEditorCopy.shelves.formLabel(shelf.warehouseName)} onSubmit={freshSubmit(form, submit)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{shelf.warehouseName}</h3>
        <Badge tone={state.tone}>{state.text}</Badge>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={catalogEditorCopy.shelves.price} inputMode="decimal" error={errors.price?.message} {...price} />
        <FormField label={catalogEditorCopy.shelves.stock} inputMode="numeric" error={errors.stockQuantity?.message} {...form.register('stockQuantity')} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={activeId} className="flex min-h-10 items-center gap-2 text-sm">
          <input id={activeId} type="checkbox" className="size-5 accent-primary" {...active} />
          {catalogEditorCopy.shelves.sellHere}
        </label>
        <Button type="submit" variant="outline" size="lg" busy={save.isPending}>
          {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.shelves.save(shelf.warehouseName)}
        </Button>
      </div>
    </form>
  );
}

/** The product at every open warehouse. */
export function ShelvesEditor({ product }: { product: AdminProduct }) {
  if (product.shelves.length === 0) return <p className="text-muted-foreground">{catalogEditorCopy.shelves.noWarehouse}</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {product.shelves.map((shelf) => (
        <ShelfForm key={`${shelf.warehouseId}:${shelf.price}:${shelf.stockQuantity}:${shelf.active}`} productId={product.id} shelf={shelf} />
      ))}
    </div>
  );
}
