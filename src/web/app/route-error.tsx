import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useRouteError } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { claimStaleChunkReload, isStaleChunkError, reloadPage } from '@/web/lib/stale-chunk';

// One decision per error: a re-render (or React rendering twice in development) must not claim again.
const reloadDecisions = new WeakMap<object, boolean>();

function reloadsFor(error: unknown): boolean {
  if (!isStaleChunkError(error)) return false;
  const failure = error as Error;
  let decision = reloadDecisions.get(failure);
  if (decision === undefined) {
    decision = claimStaleChunkReload();
    reloadDecisions.set(failure, decision);
  }
  return decision;
}

const reloaded = new WeakSet<object>();

/**
 * Every route's error boundary: a page that failed (a component or loader threw) shows what happened
 * in words and two ways out instead of the router's stack trace. A lazy page whose chunk is gone after
 * a deploy reloads the app once instead.
 */
export function RouteError() {
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  const reloading = reloadsFor(error);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!reloading) {
      heading.current?.focus();
      return;
    }
    const failure = error as Error;
    if (reloaded.has(failure)) return;
    reloaded.add(failure);
    reloadPage();
  }, [error, reloading]);

  if (reloading) return <PageSpinner />;
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-12 text-destructive" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {copy.routeError.title}
      </h1>
      <p className="text-muted-foreground">{stale ? copy.routeError.updatedBody : copy.routeError.body}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button onClick={() => reloadPage()}>
          <RotateCw aria-hidden /> {copy.routeError.retry}
        </Button>
        <Button variant="outline" asChild>
          {/* A full load: whatever broke this page stays behind. */}
          <Link to={paths.home} reloadDocument>
            <Home aria-hidden /> {copy.routeError.home}
          </Link>
        </Button>
      </div>
    </div>
  );
}
