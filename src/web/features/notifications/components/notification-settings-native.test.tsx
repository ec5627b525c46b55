import type * as CapacitorCore from '@capacitor/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationCopy } from '@/shared/copy';
import { NativeShell } from '@/web/app/native-shell';
import { forgetSignedOutTraces } from '@/web/lib/sign-out-cleanup';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { notificationFakes } from '@/web/test/fake-notifications';
import { renderApp } from '@/web/test/render-app';
import { NotificationSettings } from './notification-settings';

const text = notificationCopy.card;

// The device boundary: Capacitor reports the native Android shell, and the push plugin is replaced.
vi.mock('@capacitor/core', async (original) => ({
  ...(await original<typeof CapacitorCore>()),
  Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' },
}));

const device = vi.hoisted(() => {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Listener[]>();
  const state = { permission: 'prompt' as string, answer: 'granted' as string, nextToken: 1 };
  const fire = (event: string, payload: unknown) => (listeners.get(event) ?? []).forEach((listener) => listener(payload));
  const PushNotifications = {
    addListener: async (event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return { remove: async () => void listeners.set(event, (listeners.get(event) ?? []).filter((other) => other !== listener)) };
    },
    checkPermissions: async () => ({ receive: state.permission }),
    requestPermissions: async () => {
      state.permission = state.answer;
      return { receive: state.permission };
    },
    register: vi.fn(async () => {
      // A new install token each time, as FCM gives one after the previous was deleted.
      const value = `fcm-token-${state.nextToken++}:APA91b${'x'.repeat(140)}`;
      setTimeout(() => fire('registration', { value }), 0);
    }),
    unregister: vi.fn(async () => {}),
  };
  return { state, fire, PushNotifications };
});
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: device.PushNotifications }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: { setStyle: async () => {}, setBackgroundColor: async () => {} }, Style: { Dark: 'DARK', Light: 'LIGHT' } }));

let api: FakeApi;

describe('NotificationSettings in the app', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    Object.assign(device.state, { permission: 'prompt', answer: 'granted' });
    device.PushNotifications.register.mockClear();
    device.PushNotifications.unregister.mockClear();
  });

  it("turns push on with this install's token after the system dialog, and off again", async () => {
    const user = userEvent.setup();
    const { user: customer } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.notEnabled)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.enable }));
    expect(await screen.findByText(text.enabled)).toBeInTheDocument();
    const [token] = [...notificationFakes(api).nativeDevices.keys()];
    expect(token).toMatch(/^fcm-token-\d+:/);
    expect(notificationFakes(api).nativeDevices).toEqual(new Map([[token, customer!.profile.id]]));
    expect(api.requestsTo('PUT /api/notifications/native-device').at(-1)!.body).toEqual({ token, platform: 'android' });
    expect(api.requestsTo('PUT /api/notifications/subscription')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: text.disable }));
    expect(await screen.findByText(text.notEnabled)).toBeInTheDocument();
    expect(notificationFakes(api).nativeDevices.size).toBe(0);
    expect(device.PushNotifications.unregister).toHaveBeenCalledOnce();
  });

  it('stays on when the card is opened again, and drops the token at sign-out', async () => {
    const user = userEvent.setup();
    const first = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    await user.click(await screen.findByRole('button', { name: text.enable }));
    await screen.findByText(text.enabled);
    first.unmount();
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.enabled)).toBeInTheDocument();

    forgetSignedOutTraces();
    await waitFor(() => expect(device.PushNotifications.unregister).toHaveBeenCalledOnce());
  });

  it('says plainly when the phone blocks notifications, and registers nothing', async () => {
    const user = userEvent.setup();
    device.state.answer = 'denied';
    const { unmount } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    await user.click(await screen.findByRole('button', { name: text.enable }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.appBlocked);
    expect(device.PushNotifications.register).not.toHaveBeenCalled();
    expect(api.requestsTo('PUT /api/notifications/native-device')).toHaveLength(0);
    unmount();

    // Refused earlier: the card says so at once.
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.appBlocked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.enable })).not.toBeInTheDocument();
  });

  it('says plainly when the server does not push to the app', async () => {
    notificationFakes(api).native = false;
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.appUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.enable })).not.toBeInTheDocument();
  });

  it('opens the page of a tapped notification', async () => {
    renderApp(
      [
        {
          path: '/account',
          element: (
            <>
              <NativeShell />
              <NotificationSettings />
            </>
          ),
        },
        { path: '/orders/:orderId', element: <p>the order page</p> },
      ],
      { api, user: 'customer', path: '/account' },
    );
    await screen.findByText(text.notEnabled);
    device.fire('pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '1', data: { url: '/orders/abc', tag: 'order-abc' } } });
    expect(await screen.findByText('the order page')).toBeInTheDocument();
  });
});
