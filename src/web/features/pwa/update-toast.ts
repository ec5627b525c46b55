import { toast } from '@/web/lib/toast';
import { pwaCopy } from '@/shared/copy';

const updateToastId = 'app-update';

/**
 * Tells the user a new version is ready, until they act on it: Reload swaps the waiting service
 * worker in and reloads the page; closing the toast keeps the current version until the next visit.
 */
export function announceUpdate(reload: () => void) {
  toast(pwaCopy.updateAvailable, {
    id: updateToastId,
    duration: Number.POSITIVE_INFINITY,
    action: { label: pwaCopy.reload, onClick: reload },
  });
}
