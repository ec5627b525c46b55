import { CloudOff, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { pwaCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { useOnlineStatus } from '../use-online-status';

/**
 * A line above catalog results while offline: they can then only be the service worker's saved copy
 * (ADR 036), and the customer should know prices and stock may have changed.
 */
export function SavedResultsNotice({ show = true }: { show?: boolean }) {
  const online = useOnlineStatus();
  if (online || !show) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {pwaCopy.savedResults}
    </p>
  );
}

/** Offline, in place of catalog results this device never saved: they load once the connection is back. */
export function NotSavedOffline() {
  return (
    <EmptyState icon={CloudOff} title={pwaCopy.notSaved.title}>
      <p>{pwaCopy.notSaved.description}</p>
    </EmptyState>
  );
}

/** What a page that is never served from saved data shows while offline. */
export function NeedsConnection() {
  return (
    <EmptyState icon={WifiOff} title={pwaCopy.needsConnection.title}>
      <p>{pwaCopy.needsConnection.description}</p>
    </EmptyState>
  );
}

/**
 * Shows its children only while online: orders and the like must never show what an earlier visit
 * left in memory. Back online, the page loads by itself.
 */
export function OnlineOnly({ children }: { children: ReactNode }) {
  const online = useOnlineStatus();
  return online ? children : <NeedsConnection />;
}
