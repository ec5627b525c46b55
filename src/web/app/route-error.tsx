import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useRouteError } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { useOnlineStatus } from '@/web/features/network/use-online-status';
import { claimStaleChunkReload, isStaleChunkError, reloadPage } from '@/web/lib/stale-chunk';

type Outcome = 'reload' | 'updated' | 'offline' | 'failed';

// One decision per error: a re-render (or React rendering twice in development) must not claim again.
const outcomes = new WeakMap<object, Outcome>();

function outcomeFor(error: unknown): Outcome {
  if (!isStaleChunkError(error)) return 'failed';
  const failure = error as Error;
  let outcome = outcomes.get(failure);
  if (outcome === undefined) {
    // Offline, a chunk fails for want of a network, not because of a deploy, and a reload would leave
    // the app for the browser's offline page.
    if (!navigator.onLine) outcome = 'offline';
    else outcome = claimStaleChunkReload() ? 'reload' : 'updated';
    outcomes.set(failure, outcome);
  }
  return outcome;
}

const reloaded = new WeakSet<object>();

const bodies = {
  updated: copy.routeError.updatedBody,
  offline: copy.routeError.offlineBody,
  failed: copy.routeError.body,
} as const;

/**
 * Every route's error boundary: a page that failed (a component or loader threw) shows what happened
 * in words and two ways out instead of the router's stack trace. A lazy page whose chunk is gone after
 * a deploy reloads the app once instead. While offline both ways out are full loads that cannot
 * succeed, so they wait for the connection, and a page that failed offline loads again when it returns.
 */
export function RouteError() {
  const error = useRouteError();
  const outcome = outcomeFor(error);
  const reloading = outcome === 'reload';
  const online = useOnlineStatus();
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

  // A page that could not load for want of a network loads by itself once the network is back.
  const waitingForNetwork = outcome === 'offline';
  useEffect(() => {
    if (waitingForNetwork && online) reloadPage();
  }, [waitingForNetwork, online]);

  if (reloading) return <PageSpinner />;
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-12 text-destructive" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {copy.routeError.title}
      </h1>
      <p className="text-muted-foreground">{bodies[outcome]}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button onClick={() => reloadPage()} disabled={!online}>
          <RotateCw aria-hidden /> {copy.routeError.retry}
        </Button>
        {online && (
          <Button variant="outline" asChild>
            {/* A full load: whatever broke this page stays behind. */}
            <Link to={paths.home} reloadDocument>
              <Home aria-hidden /> {copy.routeError.home}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
