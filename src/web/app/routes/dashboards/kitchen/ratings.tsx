import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { kitchenCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Card, CardContent } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { kitchenRatingsQuery } from '@/web/features/kitchens/api/kitchen-operator';

const text = kitchenCopy.ratings;

export function KitchenRatingsPage() {
  const ratings = useQuery(kitchenRatingsQuery);
  let body;
  if (ratings.isPending) body = <Skeleton className="h-48 w-full" aria-label={kitchenCopy.loading} />;
  else if (ratings.isError) body = <QueryError title={text.loadFailed} error={ratings.error} onRetry={() => void ratings.refetch()} />;
  else if (ratings.data.count === 0) body = <EmptyState icon={Star} title={text.none} />;
  else
    body = (
      <div className="grid gap-4">
        <Card>
          <CardContent className="flex items-center gap-4 p-6">
            <Star className="size-10 fill-amber-400 text-amber-400" aria-hidden />
            <div>
              <p className="text-sm text-muted-foreground">{text.average}</p>
              <p className="text-3xl font-bold tabular-nums" aria-label={text.stars(ratings.data.average ?? 0)}>
                {ratings.data.average?.toFixed(1)}
              </p>
              <p className="text-sm text-muted-foreground">{text.count(ratings.data.count)}</p>
            </div>
          </CardContent>
        </Card>
        <section className="grid gap-2" aria-label={text.recent}>
          <h2 className="font-semibold">{text.recent}</h2>
          {ratings.data.recent.length === 0 ? <p className="text-sm text-muted-foreground">{text.noComments}</p> : null}
          <ul className="grid gap-2">
            {ratings.data.recent.map((entry) => (
              <li key={`${entry.author}-${entry.at}`}>
                <Card>
                  <CardContent className="grid gap-1 p-4">
                    <p className="text-sm font-medium" aria-label={text.stars(entry.stars)}>
                      {'★'.repeat(entry.stars)}
                      <span className="text-muted-foreground">{'★'.repeat(5 - entry.stars)}</span>
                    </p>
                    <p className="break-words whitespace-pre-line">{entry.comment}</p>
                    <p className="text-xs text-muted-foreground">
                      {entry.author} · {new Date(entry.at).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={text.title} description={text.description} />
      {body}
    </div>
  );
}
