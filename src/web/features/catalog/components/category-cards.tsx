import { ArrowRight } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Category } from '@/shared/contracts/catalog';
import { productsHref, pluralize } from './catalog-links';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';

/** A category on the categories page: picture, what it holds and a chip per subcategory. */
export function CategoryCard({ category }: { category: Category }) {
  const titleId = useId();
  const href = productsHref({ category: category.id });
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
      style={{ borderTopColor: category.color, borderTopWidth: 4 }}
    >
      <div className="flex gap-4 p-4 pb-3">
        <CatalogImage src={category.image} alt="" className="h-16 w-24 shrink-0 rounded-lg sm:h-24 sm:w-36" />
        <div className="grid min-w-0 content-start gap-1">
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            <Link to={href} className="underline-offset-4 hover:underline">
              {category.name}
            </Link>
          </h2>
          <p className="text-xs font-medium text-muted-foreground">{pluralize(category.productCount, 'product')}</p>
          <p className="line-clamp-3 text-sm text-muted-foreground">{category.description}</p>
        </div>
      </div>
      {category.subcategories.length > 0 ? (
        <ul aria-label={`${category.name} subcategories`} className="flex flex-wrap gap-2 px-4 pb-3">
          {category.subcategories.map((subcategory) => (
            <li key={subcategory.id}>
              <Link
                to={productsHref({ category: category.id, subcategory: subcategory.id })}
                className="inline-flex h-8 items-center rounded-full border bg-background px-3 text-xs font-medium transition-colors hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                {subcategory.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto border-t px-4 py-2.5">
        <Link to={href} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          Shop all <span className="sr-only">{category.name}</span> <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </article>
  );
}

export function CategoryCardSkeleton() {
  return (
    <div aria-hidden className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex gap-4">
        <Skeleton className="h-16 w-24 shrink-0 rounded-lg sm:h-24 sm:w-36" />
        <div className="grid flex-1 content-start gap-2">
          <Skeleton className="h-5 w-2/3 rounded" />
          <Skeleton className="h-3 w-1/4 rounded" />
          <Skeleton className="h-3 w-full rounded" />
          <Skeleton className="h-3 w-4/5 rounded" />
        </div>
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24 rounded-full" />
        <Skeleton className="h-8 w-20 rounded-full" />
        <Skeleton className="h-8 w-28 rounded-full" />
      </div>
    </div>
  );
}

/** A compact category link for the home page strip. */
/** A category's tile; other props (a roving tab stop's, say) go to its link. */
export function CategoryTile({ category, className, ...props }: { category: Category } & Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    <Link
      {...props}
      to={productsHref({ category: category.id })}
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <span className="block overflow-hidden">
        <CatalogImage src={category.image} alt="" className="aspect-[3/2] w-full transition-transform duration-300 group-hover:scale-105" />
      </span>
      <span className="grid gap-0.5 p-2.5">
        <span className="line-clamp-2 text-sm leading-tight font-medium">{category.name}</span>
        <span className="text-xs text-muted-foreground">{pluralize(category.productCount, 'product')}</span>
      </span>
    </Link>
  );
}
