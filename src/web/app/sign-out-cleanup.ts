import { rememberedAccountStore } from '@/web/features/auth/remembered-account';
import { forgetNearbyKitchenTraces } from '@/web/features/kitchens/nearby-kitchens';
import { forgetPushSubscription } from '@/web/features/notifications/push-device';
import { positionWarehouseStore, selectedWarehouseStore } from '@/web/features/locations/selected-warehouse';
import { forgetWaitingMessage } from '@/web/features/support-chat/waiting-message';
import { forgetOnSignOut } from '@/web/lib/sign-out-cleanup';

/**
 * The app knows every feature, so it is the one place that says which traces a sign-out forgets:
 * the account the header shows while offline, the chosen warehouse, the warehouse browsed from the
 * position, the last position and the kitchens cached near it, this device's push subscription, and a
 * chat message still waiting to be sent.
 * A guest cart and the theme belong to the device, not to the person, and stay.
 */
export function registerSignOutCleanups(): () => void {
  const offs = [
    forgetOnSignOut(() => rememberedAccountStore.clear()),
    forgetOnSignOut(() => selectedWarehouseStore.clear()),
    forgetOnSignOut(() => positionWarehouseStore.write(null)),
    forgetOnSignOut(() => forgetNearbyKitchenTraces()),
    forgetOnSignOut(() => forgetPushSubscription()),
    forgetOnSignOut(() => forgetWaitingMessage()),
  ];
  return () => offs.forEach((off) => off());
}
