import {
  nativeDeviceInput,
  nativeDeviceRemoval,
  notificationKindsByRole,
  notificationPreferences,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  type NotificationKind,
} from '@/shared/contracts/notifications';
import { notificationCopy } from '@/shared/copy';
import { parse, Refusal, type FakeApi } from './fake-api';

/** What a test reads of the notification side of the fake. */
export interface NotificationFakes {
  /** The server's VAPID public key. */
  publicKey: string;
  /** Subscribed devices: endpoint → the person's profile id. */
  subscriptions: Map<string, string>;
  /** Whether the server pushes to the native app (FCM configured). */
  native: boolean;
  /** Registered app installs: token → the person's profile id. */
  nativeDevices: Map<string, string>;
  /** Kinds turned off, by profile id. */
  optOuts: Map<string, Set<NotificationKind>>;
}

const installed = new WeakMap<FakeApi, NotificationFakes>();

export function notificationFakes(api: FakeApi): NotificationFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installNotificationFakes was not called for this fake API');
  return fakes;
}

/** The notification endpoints as the server answers them: signed-in only, kinds limited to the viewer's role. */
export function installNotificationFakes(api: FakeApi): NotificationFakes {
  const fakes: NotificationFakes = {
    publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    subscriptions: new Map(),
    native: true,
    nativeDevices: new Map(),
    optOuts: new Map(),
  };
  installed.set(api, fakes);

  const preferencesOf = (profileId: string, role: keyof typeof notificationKindsByRole) => {
    const off = fakes.optOuts.get(profileId) ?? new Set();
    return { kinds: notificationKindsByRole[role].map((kind) => ({ kind, enabled: !off.has(kind) })) };
  };

  api.define('GET /api/notifications/push-key', () => {
    api.viewerOrRefuse();
    return { publicKey: fakes.publicKey, native: fakes.native };
  });
  api.define('PUT /api/notifications/native-device', (request) => {
    const viewer = api.viewerOrRefuse();
    const { token } = parse(nativeDeviceInput, request.body);
    fakes.nativeDevices.set(token, viewer.profile.id);
    return new Response(null, { status: 204 });
  });
  api.define('DELETE /api/notifications/native-device', (request) => {
    const viewer = api.viewerOrRefuse();
    const { token } = parse(nativeDeviceRemoval, request.body);
    if (fakes.nativeDevices.get(token) === viewer.profile.id) fakes.nativeDevices.delete(token);
    return new Response(null, { status: 204 });
  });
  api.define('PUT /api/notifications/subscription', (request) => {
    const viewer = api.viewerOrRefuse();
    const input = parse(pushSubscriptionInput, request.body);
    fakes.subscriptions.set(input.endpoint, viewer.profile.id);
    return new Response(null, { status: 204 });
  });
  api.define('DELETE /api/notifications/subscription', (request) => {
    const viewer = api.viewerOrRefuse();
    const { endpoint } = parse(pushUnsubscribeInput, request.body);
    if (fakes.subscriptions.get(endpoint) === viewer.profile.id) fakes.subscriptions.delete(endpoint);
    return new Response(null, { status: 204 });
  });
  api.define('GET /api/notifications/preferences', () => {
    const viewer = api.viewerOrRefuse();
    return preferencesOf(viewer.profile.id, viewer.profile.role);
  });
  api.define('PUT /api/notifications/preferences', (request) => {
    const viewer = api.viewerOrRefuse();
    const { kinds } = parse(notificationPreferences, request.body);
    const allowed = notificationKindsByRole[viewer.profile.role];
    const index = kinds.findIndex((entry) => !allowed.includes(entry.kind));
    if (index >= 0) {
      const message = notificationCopy.refusals.kindNotForRole;
      throw new Refusal(400, 'VALIDATION_FAILED', message, { [`kinds.${index}.kind`]: message });
    }
    const off = fakes.optOuts.get(viewer.profile.id) ?? new Set<NotificationKind>();
    for (const { kind, enabled } of kinds) {
      if (enabled) off.delete(kind);
      else off.add(kind);
    }
    fakes.optOuts.set(viewer.profile.id, off);
    return preferencesOf(viewer.profile.id, viewer.profile.role);
  });
  return fakes;
}
