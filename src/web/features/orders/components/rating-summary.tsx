import { useQuery } from '@tanstack/react-query';
import { orderCopy } from '@/shared/copy';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ratingSummaryQuery, type RatedKind } from '../api/order-queries';
import { formatRelative } from '@/web/lib/format-time';
import { Stars } from './stars';

/** The average stars, how many ratings, and the latest comments of a product, dish or kitchen. */
export function RatingSummary({ kind, id, headingId }: { kind: RatedKind; id: string; headingId: string }) {
  const summary = useQuery(ratingSummaryQuery(kind, id));
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {orderCopy.ratings.heading}
      </h2>
      {summary.isPending ? <Skeleton className="h-6 w-48" /> : null}
      {/* Ratings are an extra: a failed read leaves the page usable and says so quietly. */}
      {summary.isError ? <p className="text-sm text-muted-foreground">{orderCopy.ratings.unavailable}</p> : null}
      {summary.data ? (
        summary.data.average === null || summary.data.count === 0 ? (
          <p className="text-sm text-muted-foreground">{orderCopy.ratings.none}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Stars value={summary.data.average} label={orderCopy.ratings.average(summary.data.average, summary.data.count)} />
              <span className="font-semibold tabular-nums">{summary.data.average.toFixed(1)}</span>
              <span className="text-sm text-muted-foreground">({orderCopy.ratings.count(summary.data.count)})</span>
            </div>
            {summary.data.recent.length > 0 ? (
              <ul className="grid gap-3" aria-label={orderCopy.recentComments}>
                {summary.data.recent.map((review, index) => (
                  <li key={`${review.at}-${index}`} className="grid gap-1 rounded-lg border p-3">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Stars value={review.stars} label={orderCopy.ratings.stars(review.stars)} />
                      <span className="font-medium">{review.author}</span>
                      <time dateTime={review.at} className="text-muted-foreground">
                        {formatRelative(review.at)}
                      </time>
                    </div>
                    <p className="text-sm break-words whitespace-pre-line">{review.comment}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )
      ) : null}
    </section>
  );
}
