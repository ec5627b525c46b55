import { createRoute } from '@hono/zod-openapi';
import {
  nativeDeviceInput,
  nativeDeviceRemoval,
  notificationPreferences,
  pushKey,
  pushSubscriptionInput,
  pushUnsubscribeInput,
} from '@/shared/contracts/notifications';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireSession } from '../../lib/require-role';
import { getNotificationPreferences } from './get-notification-preferences';
import { registerNativeDevice } from './register-native-device';
import { subscribeDevice } from './subscribe-device';
import { unregisterNativeDevice } from './unregister-native-device';
import { unsubscribeDevice } from './unsubscribe-device';
import { updateNotificationPreferences } from './update-notification-preferences';

const tags = ['Notifications'];

const pushKeyRoute = createRoute({
  method: 'get',
  path: '/push-key',
  tags,
  summary: "The server's VAPID public key, which a browser subscribes to push with, and whether the native app can receive pushes",
  responses: { 200: jsonContent(pushKey, 'The application server key (base64url), and whether FCM is configured'), ...errorResponses(401) },
});
const subscribeRoute = createRoute({
  method: 'put',
  path: '/subscription',
  tags,
  summary: "Receive pushes on this device (the browser's push subscription)",
  request: { body: jsonBody(pushSubscriptionInput) },
  responses: { 204: { description: 'Subscribed' }, ...errorResponses(400, 401) },
});
const unsubscribeRoute = createRoute({
  method: 'delete',
  path: '/subscription',
  tags,
  summary: 'Stop pushes to this device',
  request: { body: jsonBody(pushUnsubscribeInput) },
  responses: { 204: { description: 'Unsubscribed' }, ...errorResponses(400, 401) },
});
const registerNativeRoute = createRoute({
  method: 'put',
  path: '/native-device',
  tags,
  summary: "Receive pushes in the native app on this device (its FCM registration token)",
  request: { body: jsonBody(nativeDeviceInput) },
  responses: { 204: { description: 'Registered' }, ...errorResponses(400, 401) },
});
const unregisterNativeRoute = createRoute({
  method: 'delete',
  path: '/native-device',
  tags,
  summary: 'Stop pushes to the native app on this device',
  request: { body: jsonBody(nativeDeviceRemoval) },
  responses: { 204: { description: 'Unregistered' }, ...errorResponses(400, 401) },
});
const getPreferencesRoute = createRoute({
  method: 'get',
  path: '/preferences',
  tags,
  summary: "The kinds of notification the viewer's role can receive, each on or off",
  responses: { 200: jsonContent(notificationPreferences, 'Preferences'), ...errorResponses(401) },
});
const updatePreferencesRoute = createRoute({
  method: 'put',
  path: '/preferences',
  tags,
  summary: 'Turn kinds of notification on or off (the kinds not named keep their setting)',
  request: { body: jsonBody(notificationPreferences) },
  responses: { 200: jsonContent(notificationPreferences, 'Preferences'), ...errorResponses(400, 401) },
});

export function createNotificationRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use('*', requireSession(deps));
  return router
    .openapi(pushKeyRoute, (c) => c.json({ publicKey: deps.push.publicKey, native: deps.nativePush !== null }, 200))
    .openapi(subscribeRoute, async (c) => {
      await subscribeDevice({ db, viewer: c.var.viewer, input: c.req.valid('json') });
      return c.body(null, 204);
    })
    .openapi(unsubscribeRoute, async (c) => {
      await unsubscribeDevice({ db, viewer: c.var.viewer, endpoint: c.req.valid('json').endpoint });
      return c.body(null, 204);
    })
    .openapi(registerNativeRoute, async (c) => {
      await registerNativeDevice({ db, viewer: c.var.viewer, input: c.req.valid('json') });
      return c.body(null, 204);
    })
    .openapi(unregisterNativeRoute, async (c) => {
      await unregisterNativeDevice({ db, viewer: c.var.viewer, token: c.req.valid('json').token });
      return c.body(null, 204);
    })
    .openapi(getPreferencesRoute, async (c) => c.json(await getNotificationPreferences({ db, viewer: c.var.viewer }), 200))
    .openapi(updatePreferencesRoute, async (c) =>
      c.json(await updateNotificationPreferences({ db, viewer: c.var.viewer, input: c.req.valid('json') }), 200),
    );
}
