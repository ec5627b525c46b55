import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';

/** Loading, failed and empty states of a catalog list, and the list itself once there is something in it. */
export function ListStates<T>({ query, what, empty, children }: { query: UseQueryResult<T[]>; what: string; empty: string; children: (items: T[]) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-label={`Loading ${what}`}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    );
  }
  if (query.isError) return <QueryError title={`The ${what} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{empty}</p>;
  return <>{children(query.data)}</>;
}
