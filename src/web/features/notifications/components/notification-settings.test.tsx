import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationCopy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { notificationFakes } from '@/web/test/fake-notifications';
import { forgetSignedOutTraces } from '@/web/lib/sign-out-cleanup';
import { renderApp } from '@/web/test/render-app';
import { hasNotifications, NotificationSettings } from './notification-settings';

const text = notificationCopy.card;

function toBytes(base64Url: string): ArrayBuffer {
  const binary = atob(base64Url.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0)).buffer;
}

/**
 * The browser's side of push, replaced at its boundary: the Notification permission (and the answer
 * its prompt will give), the service worker's registration and its PushManager.
 */
function fakeBrowserPush(options: { permission?: NotificationPermission; answer?: NotificationPermission; worker?: boolean } = {}) {
  const state = { permission: options.permission ?? 'default', subscription: null as PushSubscription | null, subscribedWith: null as string | null };
  const requestPermission = vi.fn(async () => {
    state.permission = options.answer ?? 'granted';
    return state.permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  // Push is offered to pages of a secure context only (https, or this computer).
  vi.stubGlobal('isSecureContext', true);
  const pushManager = {
    getSubscription: async () => state.subscription,
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: string }) => {
      state.subscribedWith = applicationServerKey;
      const json = {
        endpoint: 'https://push.example.test/device/abc',
        keys: { p256dh: 'BOr9dsUzUazbs1nvFm3qS8twbPw2drDWHWnJ4c6Utjh9bv-ykbe3eg7rX-SuSdFCqfjh2R8vN1Kk7y2mwEpxBi0', auth: 'dGhpcyBpcyBzZWNyZXQhIQ' },
      };
      state.subscription = {
        endpoint: json.endpoint,
        options: { applicationServerKey: toBytes(applicationServerKey), userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: vi.fn(async () => {
          state.subscription = null;
          return true;
        }),
      } as unknown as PushSubscription;
      return state.subscription;
    }),
  };
  const serviceWorker = { getRegistration: async () => (options.worker === false ? undefined : { pushManager }) };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { state, requestPermission, pushManager };
}

let api: FakeApi;

describe('NotificationSettings', () => {
  beforeEach(() => {
    api = createFakeApi();
  });

  it('turns push on for this device with the server key after the browser asks, and off again', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowserPush();
    const { user: customer } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });

    expect(await screen.findByText(text.notEnabled)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.enable }));
    expect(await screen.findByText(text.enabled)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.state.subscribedWith).toBe(notificationFakes(api).publicKey);
    expect(notificationFakes(api).subscriptions).toEqual(new Map([['https://push.example.test/device/abc', customer!.profile.id]]));

    await user.click(screen.getByRole('button', { name: text.disable }));
    expect(await screen.findByText(text.notEnabled)).toBeInTheDocument();
    expect(notificationFakes(api).subscriptions.size).toBe(0);
    expect(browser.state.subscription).toBeNull();
  });

  it("drops this device's subscription at sign-out, so the account that left is told of nothing more here", async () => {
    const user = userEvent.setup();
    const browser = fakeBrowserPush();
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    await user.click(await screen.findByRole('button', { name: text.enable }));
    await screen.findByText(text.enabled);
    const subscription = browser.state.subscription!;
    forgetSignedOutTraces();
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledOnce());
    expect(browser.state.subscription).toBeNull();
  });

  it('says plainly when the person refuses at the prompt, and subscribes nothing', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowserPush({ answer: 'denied' });
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    await user.click(await screen.findByRole('button', { name: text.enable }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.blocked);
    expect(screen.queryByRole('button', { name: text.enable })).not.toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.requestsTo('PUT /api/notifications/subscription')).toHaveLength(0);
  });

  it('says when the browser already blocks notifications, or cannot receive pushes', async () => {
    fakeBrowserPush({ permission: 'denied' });
    const { unmount } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.blocked)).toBeInTheDocument();
    unmount();

    fakeBrowserPush({ worker: false });
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.enable })).not.toBeInTheDocument();
  });

  it('says a page opened over plain http cannot receive notifications until it is opened securely', async () => {
    fakeBrowserPush({ worker: false });
    vi.stubGlobal('isSecureContext', false);
    renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    expect(await screen.findByText(text.insecure)).toBeInTheDocument();
    expect(screen.queryByText(text.unsupported)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.enable })).not.toBeInTheDocument();
  });

  it("shows a switch per kind of the customer's and saves each change", async () => {
    const user = userEvent.setup();
    fakeBrowserPush();
    const { user: customer } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    const group = await screen.findByRole('group', { name: text.kindsTitle });
    const switches = within(group).getAllByRole('switch');
    expect(switches.map((control) => (control as HTMLInputElement).checked)).toEqual([true, true, true, true, true]);
    const confirmed = within(group).getByRole('switch', { name: notificationCopy.kinds.order_confirmed.label });
    expect(confirmed).toHaveAccessibleDescription(notificationCopy.kinds.order_confirmed.hint);

    await user.click(confirmed);
    await waitFor(() => expect(notificationFakes(api).optOuts.get(customer!.profile.id)).toEqual(new Set(['order_confirmed'])));
    expect(within(group).getByRole('switch', { name: notificationCopy.kinds.order_confirmed.label })).not.toBeChecked();
    expect(api.requestsTo('PUT /api/notifications/preferences').at(-1)!.body).toEqual({ kinds: [{ kind: 'order_confirmed', enabled: false }] });
  });

  it('keeps keyboard focus on a switch while its change is saved, and ignores a press meanwhile', async () => {
    fakeBrowserPush();
    const { user: customer } = renderApp(<NotificationSettings />, { api, user: 'customer', path: '/account' });
    const group = await screen.findByRole('group', { name: text.kindsTitle });
    const confirmed = within(group).getByRole('switch', { name: notificationCopy.kinds.order_confirmed.label });
    const held = api.holdNext('PUT /api/notifications/preferences');
    confirmed.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(confirmed).toHaveAttribute('aria-busy', 'true'));
    expect(document.activeElement).toBe(confirmed);
    await userEvent.keyboard(' ');
    held.release();
    await waitFor(() => expect(confirmed).not.toHaveAttribute('aria-busy'));
    expect(api.requestsTo('PUT /api/notifications/preferences')).toHaveLength(1);
    expect(notificationFakes(api).optOuts.get(customer!.profile.id)).toEqual(new Set(['order_confirmed']));
    expect(document.activeElement).toBe(confirmed);
  });

  it('offers a driver only their delivery offers, and admins and support nothing', async () => {
    fakeBrowserPush();
    renderApp(<NotificationSettings />, { api, user: 'driver', path: '/account' });
    const group = await screen.findByRole('group', { name: text.kindsTitle });
    expect(within(group).getAllByRole('switch')).toEqual([within(group).getByRole('switch', { name: notificationCopy.kinds.delivery_offered.label })]);
    expect(hasNotifications('admin')).toBe(false);
    expect(hasNotifications('support')).toBe(false);
    expect(hasNotifications('cloud_kitchen')).toBe(true);
  });
});
