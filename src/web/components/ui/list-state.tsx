import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { cn } from '@/web/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './native-select';
import { QueryError } from './query-error';
import { Skeleton } from './skeleton';
import { copy } from '@/shared/copy';

interface ListStateProps<D, T> {
  query: UseQueryResult<D>;
  /** The list in the answer (the answer itself for an array). */
  items: (data: D) => T[];
  /** What is listed, for the loading state's accessible name ('Loading orders'). */
  what: string;
  /** The failure's title (none: a generic one). */
  errorTitle?: string;
  /** The empty state's words, and its icon for a full-size empty state (none: a compact one). */
  empty: string;
  emptyIcon?: LucideIcon;
  /** The placeholder rows while loading. */
  skeleton?: { rows?: number; className?: string };
  children: (items: T[], data: D) => ReactNode;
}

/**
 * The states of a list read from the server: placeholder rows while loading, the failure with a
 * retry, the empty state, or the list. A failed refetch keeps the list on screen (the query still
 * holds the last answer), as staff paging a busy list would rather see the rows they had.
 */
export function ListState<D, T>({ query, items, what, errorTitle, empty, emptyIcon, skeleton, children }: ListStateProps<D, T>) {
  const data = query.data;
  if (data === undefined) {
    if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={copy.ui.loadingList(what)}>
        {Array.from({ length: skeleton?.rows ?? 5 }, (_, index) => (
          <Skeleton key={index} className={skeleton?.className ?? 'h-12'} />
        ))}
      </div>
    );
  }
  const list = items(data);
  if (list.length === 0) {
    return emptyIcon ? <EmptyState icon={emptyIcon} title={empty} /> : <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{empty}</p>;
  }
  return <>{children(list, data)}</>;
}

export interface ListColumn {
  label: ReactNode;
  /** Numbers line up on the right. */
  align?: 'right';
  /** A label for assistive technology only (an actions column). */
  hidden?: boolean;
}

/** A table's header row: one column header per column. */
export function ListTableHeader({ columns, className, rowClassName, cellClassName }: { columns: readonly ListColumn[]; className?: string; rowClassName?: string; cellClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={cn('font-medium', cellClassName, column.align === 'right' && 'text-right')}>
            {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A dashboard's bordered table, with its caption and header. On a phone each row stacks into a card:
 * every cell beside its column's name (the cell's `data-label`; a cell holds one element), empty cells
 * left out, so no column and none of a row's buttons sits out of sight past the right edge.
 * `minWidth` (an `md:` class) applies from tablet width up, where the table scrolls sideways if it must.
 */
export function ListTable({ caption, columns, minWidth, children }: { caption: string; columns: readonly ListColumn[]; minWidth?: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border md:overflow-x-auto">
      <table
        className={cn(
          'w-full text-sm max-md:block max-md:[&_tbody]:block max-md:[&_tr]:block max-md:[&_tr]:py-2 max-md:[&_tr:first-child]:border-t-0',
          'max-md:[&_td]:grid max-md:[&_td]:grid-cols-[6rem_minmax(0,1fr)] max-md:[&_td]:items-baseline max-md:[&_td]:justify-items-start max-md:[&_td]:gap-3 max-md:[&_td]:py-1 max-md:[&_td]:text-left max-md:[&_td>*]:max-w-full max-md:[&_td:empty]:hidden',
          'max-md:[&_td]:before:text-muted-foreground max-md:[&_td]:before:content-[attr(data-label)]',
          minWidth,
        )}
      >
        <caption className="sr-only">{caption}</caption>
        <ListTableHeader columns={columns} className="bg-muted/50 text-left max-md:sr-only" cellClassName="p-3" />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A list's search box with its label above; a change usually sends the list back to its first page. */
export function ListSearchField({ id, label, value, onChange, className }: { id: string; label: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * A list's search form, searched on submit (the words trimmed), for lists that ask the server per
 * search. Its label stands above the field, where a phone-wide field still shows all of it.
 */
export function ListSearchForm({ label, button, defaultValue, onSearch, buttonVariant }: { label: string; button: string; defaultValue?: string; onSearch: (q: string) => void; buttonVariant?: 'outline' }) {
  const id = useId();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
      className="grid min-w-0 flex-1 basis-64 gap-1.5"
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} name="q" type="search" defaultValue={defaultValue} className="h-10 min-w-0" />
        <Button type="submit" variant={buttonVariant} className="h-10">
          {button}
        </Button>
      </div>
    </form>
  );
}

/**
 * A list's filter: a labelled choice among `options` (value and label pairs); a change usually sends
 * the list back to its first page.
 */
export function ListFilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  selectClassName,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  selectClassName?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as V)} className={selectClassName}>
        {options.map(([option, optionLabel]) => (
          <option key={option} value={option}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
