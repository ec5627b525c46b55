import { Loader2 } from 'lucide-react';
import { copy } from '@/shared/copy';

/** The page-level loading state: a spinner with the visible text 'Loading...'. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <span>{copy.app.loading}</span>
    </div>
  );
}
