import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { ListState } from '@/web/components/ui/list-state';
import { EditorDialog } from './editor-dialog';

/**
 * A catalog list page's body (bundles, offers, discounts): the button that opens the form for a new
 * one, then the list in its loading, failed and empty states; each row is usually a `CatalogEntry`.
 */
export function CatalogList<T extends { id: string }>({
  query,
  label,
  what,
  loadError,
  empty,
  create,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** The list's accessible name ('Offers'). */
  label: string;
  /** What it lists, in a sentence ('offers'). */
  what: string;
  loadError: string;
  empty: string;
  create: { button: string; title: string; description: string; form: (done: () => void) => ReactNode };
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <div>
        <EditorDialog
          trigger={
            <Button size="lg">
              <Plus aria-hidden /> {create.button}
            </Button>
          }
          title={create.title}
          description={create.description}
        >
          {create.form}
        </EditorDialog>
      </div>
      <ListState query={query} items={(all) => all} what={what} errorTitle={loadError} empty={empty} skeleton={{ rows: 3, className: 'h-14' }}>
        {(list) => (
          <ul className="grid min-w-0 grid-cols-1 gap-2" aria-label={label}>
            {list.map(children)}
          </ul>
        )}
      </ListState>
    </>
  );
}
