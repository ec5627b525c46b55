import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { AdminProductRow } from '@/shared/contracts/catalog-admin';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { adminProductsQuery } from '../api/catalog';
import { catalogEditorCopy } from '@/shared/staff-copy';

/** Finds a product by name, brand or SKU on the server and hands the chosen one over. */
export function ProductPicker({ label, onPick, error }: { label: string; onPick: (product: AdminProductRow) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const results = useQuery({ ...adminProductsQuery({ q, pageSize: 6 }), enabled: q.length > 0 });
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={catalogEditorCopy.picker.placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {q ? (
        <ul aria-label={`${label}: results`} className="grid gap-1">
          {results.isPending ? <li className="text-sm text-muted-foreground">{catalogEditorCopy.picker.searching}</li> : null}
          {results.isError ? <li className="text-sm text-destructive">{catalogEditorCopy.picker.failed}</li> : null}
          {results.data?.products.length === 0 ? <li className="text-sm text-muted-foreground">{catalogEditorCopy.picker.noMatch}</li> : null}
          {results.data?.products.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md border px-3 py-1 text-left text-sm hover:bg-accent"
                onClick={() => {
                  onPick(product);
                  setText('');
                }}
              >
                <span className="truncate">{product.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{product.sku}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
