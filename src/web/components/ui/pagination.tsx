import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { copy } from '@/shared/copy';

/** Previous and next page, with where we are. Hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.ui.pagination} className="flex items-center justify-between gap-3 border-t pt-4 sm:justify-center sm:gap-6">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden /> {copy.ui.previousPage}
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {copy.ui.pageOf(page, pageCount)}
      </p>
      <Button variant="outline" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {copy.ui.nextPage} <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
