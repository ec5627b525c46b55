import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { inventoryChange, type InventoryChange, type InventoryRow } from '@/shared/contracts/manager';
import { managerCopy } from '@/shared/staff-copy';
import { parseMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { ListSearchField, ListState, ListTableHeader } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { inventoryQuery, useUpdateShelf } from '../api/inventory-queries';

const copy = managerCopy.inventory;
const inventoryColumns = [
  { label: copy.product },
  { label: copy.price },
  { label: copy.stock },
  { label: copy.threshold },
  { label: copy.active },
  { label: copy.save, hidden: true },
];

interface ShelfForm {
  price: string;
  stockQuantity: string;
  lowStockThreshold: string;
  active: boolean;
}

const formOf = (row: InventoryRow): ShelfForm => ({
  price: (row.price / 100).toFixed(2),
  stockQuantity: String(row.stockQuantity),
  lowStockThreshold: String(row.lowStockThreshold),
  active: row.active,
});

/** Only what changed, as the API takes it; null for a price that is not an amount. */
function changeOf(row: InventoryRow, form: ShelfForm): Partial<Record<keyof InventoryChange, unknown>> | null {
  const price = parseMoney(form.price);
  if (price === null) return null;
  const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const change: Partial<Record<keyof InventoryChange, unknown>> = {};
  if (price !== row.price) change.price = price;
  if (whole(form.stockQuantity) !== row.stockQuantity) change.stockQuantity = whole(form.stockQuantity);
  if (whole(form.lowStockThreshold) !== row.lowStockThreshold) change.lowStockThreshold = whole(form.lowStockThreshold);
  if (form.active !== row.active) change.active = form.active;
  return change;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-xs text-destructive">
      {message}
    </p>
  ) : null;
}

/** One shelf, edited in place: checked with the API's own schema, the server's refusals shown at the field. */
function ShelfRow({ row, warehouseId }: { row: InventoryRow; warehouseId: string }) {
  const update = useUpdateShelf(warehouseId);
  const { register, handleSubmit, reset, setError, formState } = useForm<ShelfForm>({ defaultValues: formOf(row) });
  useServerFieldErrors(update.error, setError);
  useEffect(() => reset(formOf(row)), [row, reset]);
  const errors = formState.errors;
  const low = row.stockQuantity <= row.lowStockThreshold;
  const errorId = (field: string) => `${row.productId}-${field}-error`;

  const save = handleSubmit(async (form) => {
    const change = changeOf(row, form);
    if (change === null) return setError('price', { message: managerCopy.inventory.priceFormat });
    const parsed = inventoryChange.safeParse(change);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError((issue.path[0] as keyof ShelfForm | undefined) ?? 'root', { message: issue.message });
      return;
    }
    try {
      await update.mutateAsync({ productId: row.productId, change: parsed.data });
      toast.success(copy.saved(row.name));
    } catch (error) {
      // The server's own reason: the order moved on, the line was handled, the shelf is gone.
      toast.error(error instanceof Error ? error.message : copy.failed);
    }
  });

  // On a phone each shelf is a short card: the name with Save beside it, then its four fields in one row.
  const cell = 'px-2 py-2 align-top max-md:p-0';
  const phoneLabel = 'block text-xs text-muted-foreground md:sr-only';
  const phoneInput = 'h-10 max-md:px-2';
  return (
    <tr className="border-b max-md:grid max-md:grid-cols-[repeat(3,minmax(0,1fr))_auto] max-md:items-start max-md:gap-2 max-md:rounded-lg max-md:border max-md:p-3">
      <td className={`${cell} max-md:col-span-3 max-md:self-center`}>
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {row.name}
          {low ? <Badge tone="danger">{copy.low}</Badge> : null}
        </div>
        <div className="text-xs text-muted-foreground">
          {row.sku} · {row.category}
          {row.unit ? ` · ${row.unit}` : ''}
        </div>
      </td>
      <td className={cell}>
        <span className={phoneLabel}>{copy.price}</span>
        <Input
          aria-label={copy.priceFor(row.name)}
          inputMode="decimal"
          className={`${phoneInput} md:w-24`}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? errorId('price') : undefined}
          {...register('price')}
        />
        <FieldError id={errorId('price')} message={errors.price?.message} />
      </td>
      <td className={cell}>
        <span className={phoneLabel}>{copy.stock}</span>
        <Input
          aria-label={copy.stockFor(row.name)}
          inputMode="numeric"
          className={`${phoneInput} md:w-20`}
          aria-invalid={errors.stockQuantity ? true : undefined}
          aria-describedby={errors.stockQuantity ? errorId('stock') : undefined}
          {...register('stockQuantity')}
        />
        <FieldError id={errorId('stock')} message={errors.stockQuantity?.message} />
      </td>
      <td className={cell}>
        <span className={phoneLabel}>
          <span className="md:hidden">{copy.thresholdShort}</span>
          <span className="max-md:hidden">{copy.threshold}</span>
        </span>
        <Input
          aria-label={copy.thresholdFor(row.name)}
          inputMode="numeric"
          className={`${phoneInput} md:w-20`}
          aria-invalid={errors.lowStockThreshold ? true : undefined}
          aria-describedby={errors.lowStockThreshold ? errorId('threshold') : undefined}
          {...register('lowStockThreshold')}
        />
        <FieldError id={errorId('threshold')} message={errors.lowStockThreshold?.message} />
      </td>
      {/* Level with the fields, under their labels' line; a field's error below it leaves the row's top in place. */}
      <td className={`${cell} max-md:mt-4`}>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" aria-label={copy.activeFor(row.name)} {...register('active')} />
          <span className="md:sr-only">{copy.active}</span>
        </label>
      </td>
      <td className={`${cell} max-md:col-start-4 max-md:row-start-1 max-md:flex max-md:justify-end max-md:self-center`}>
        <Button className="h-10" onClick={save} busy={update.isPending} aria-label={copy.saveFor(row.name)}>
          {copy.save}
        </Button>
      </td>
    </tr>
  );
}

/**
 * A warehouse's shelves, searched, filtered to the low ones and paged on the server, each editable
 * in place. The manager's inventory page and an admin's view of a warehouse's stock both show it;
 * give it `key={warehouseId}` so another warehouse starts from the first page.
 */
export function InventoryTable({ warehouseId }: { warehouseId: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  const [lowStock, setLowStock] = useState(false);
  const [page, setPage] = useState(1);
  // Ask the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const query = useQuery(inventoryQuery({ warehouseId, q, lowStock, page }));
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearchField id={searchId} label={copy.search} value={search} onChange={setSearch} className="w-full max-w-sm" />
        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" checked={lowStock} onChange={(event) => {
              setLowStock(event.target.checked);
              setPage(1);
            }} />
          {copy.lowStockOnly}
        </label>
        {data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {copy.lowStockCount(data.lowStockCount)}
          </p>
        ) : null}
      </div>
      <ListState query={query} items={(answer) => answer.rows} what={copy.listed} empty={copy.empty} emptyIcon={PackageSearch}>
        {(rows) => (
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{copy.title}</caption>
            <ListTableHeader columns={inventoryColumns} className="max-md:sr-only" rowClassName="border-b text-left text-muted-foreground" cellClassName="px-2 py-2" />
            <tbody className="max-md:grid max-md:gap-2">
              {rows.map((row) => (
                <ShelfRow key={row.productId} row={row} warehouseId={warehouseId} />
              ))}
            </tbody>
          </table>
        )}
      </ListState>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}
