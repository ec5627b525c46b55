import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToResume } from '@/web/lib/platform';
import { nearbyKitchensQuery, useNearbyViewer } from './api/nearby-kitchens-query';

/**
 * Warms the nearby-kitchens query at start-up and whenever the app comes back to the foreground,
 * so the kitchens page and the home teaser open with data. Failures stay silent here; the pages
 * that show kitchens report them.
 */
export function NearbyKitchensPrefetch() {
  const queryClient = useQueryClient();
  const viewer = useNearbyViewer();
  const userId = viewer?.userId ?? null;
  const warehouseId = viewer?.warehouseId ?? null;
  const ready = viewer !== null;

  useEffect(() => {
    if (!ready) return;
    const query = nearbyKitchensQuery({ userId, warehouseId });
    void queryClient.prefetchQuery(query);
    // On resume the position or the default address may have changed: look again. The client's
    // 5-minute cache keeps this from reaching the server when nothing moved.
    return listenToResume(() => void queryClient.prefetchQuery({ ...query, staleTime: 0 }));
  }, [queryClient, ready, userId, warehouseId]);

  return null;
}
