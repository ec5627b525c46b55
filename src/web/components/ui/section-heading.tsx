import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';

/** A home-page section title with an optional 'View all' link. */
export function SectionHeading({ id, title, description, viewAllTo, viewAllLabel }: { id: string; title: string; description?: ReactNode; viewAllTo?: string; viewAllLabel?: string }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {viewAllTo ? (
        <Link
          to={viewAllTo}
          aria-label={viewAllLabel}
          className="inline-flex shrink-0 items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {copy.ui.viewAll} <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </div>
  );
}
