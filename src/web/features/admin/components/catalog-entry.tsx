import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { EditorDialog } from './editor-dialog';
import { catalogEditorCopy } from '@/shared/staff-copy';

/**
 * One row of a catalog list (a bundle, an offer, a discount): its name and what it is, its status, and
 * a button that opens its editing form in a dialog titled after it.
 */
export function CatalogEntry({
  name,
  summary,
  details,
  status,
  editDescription,
  children,
}: {
  name: string;
  /** Beside the name, muted ('· 10% off from 3'). */
  summary?: ReactNode;
  /** Small lines under the name; the first is cut to one line on narrow screens. */
  details: ReactNode[];
  status: ReactNode;
  editDescription: string;
  children: (done: () => void) => ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {name} {summary ? <span className="text-muted-foreground">· {summary}</span> : null}
        </p>
        {details.map((detail, index) => (
          <p key={index} className={index === 0 ? 'truncate text-xs text-muted-foreground' : 'text-xs text-muted-foreground'}>
            {detail}
          </p>
        ))}
      </div>
      {status}
      <EditorDialog
        trigger={
          <Button variant="outline" size="icon" className="size-10 shrink-0" aria-label={catalogEditorCopy.common.editOf(name)}>
            <Pencil aria-hidden />
          </Button>
        }
        title={catalogEditorCopy.common.editOf(name)}
        description={editDescription}
      >
        {children}
      </EditorDialog>
    </li>
  );
}
