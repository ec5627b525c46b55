import type * as CapacitorCore from '@capacitor/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Platform from './platform';
import { copy } from '@/shared/copy';

type Listener = (payload?: unknown) => void;

/**
 * The platform module with the Capacitor plugins replaced at their boundary: `native` decides what
 * Capacitor reports, the plugins record what they are asked and let the test fire their events.
 */
async function platformOn(native: boolean) {
  const listeners = new Map<string, Listener[]>();
  const addListener = vi.fn(async (event: string, listener: Listener) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return { remove: async () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener)) };
  });
  const App = { addListener, exitApp: vi.fn(async () => {}) };
  const StatusBar = { setStyle: vi.fn(async () => {}), setBackgroundColor: vi.fn(async () => {}) };
  const Network = { addListener, getStatus: vi.fn(async () => ({ connected: false, connectionType: 'none' })) };
  /** The push plugin: the permission as it stands, the answer the system dialog gives, what registering ends in. */
  const push = {
    permission: 'prompt' as 'prompt' | 'prompt-with-rationale' | 'granted' | 'denied',
    answer: 'granted' as 'granted' | 'denied',
    outcome: { event: 'registration', payload: { value: 'fcm-token-1' } } as { event: string; payload: unknown } | null,
  };
  const PushNotifications = {
    addListener,
    checkPermissions: vi.fn(async () => ({ receive: push.permission })),
    requestPermissions: vi.fn(async () => {
      push.permission = push.answer;
      return { receive: push.permission };
    }),
    register: vi.fn(async () => {
      const { outcome } = push;
      // The plugin answers with an event once FCM hands over the token, after register() itself returned.
      if (outcome) setTimeout(() => (listeners.get(outcome.event) ?? []).forEach((listener) => listener(outcome.payload)), 0);
    }),
    unregister: vi.fn(async () => {}),
  };
  vi.doMock('@capacitor/core', async (original) => ({
    ...(await original<typeof CapacitorCore>()),
    Capacitor: { isNativePlatform: () => native, getPlatform: () => (native ? 'android' : 'web') },
  }));
  vi.doMock('@capacitor/app', () => ({ App }));
  vi.doMock('@capacitor/status-bar', () => ({ StatusBar, Style: { Dark: 'DARK', Light: 'LIGHT' } }));
  vi.doMock('@capacitor/network', () => ({ Network }));
  vi.doMock('@capacitor/push-notifications', () => ({ PushNotifications }));
  const platform = await import('./platform');
  const fire = async (event: string, payload?: unknown) => {
    await Promise.resolve();
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { platform, App, StatusBar, Network, PushNotifications, push, fire, listeners };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const module of ['@capacitor/core', '@capacitor/app', '@capacitor/status-bar', '@capacitor/network', '@capacitor/push-notifications']) vi.doUnmock(module);
  vi.resetModules();
});

describe('the hardware back button', () => {
  it('exits the app on / and /auth, and goes back anywhere else', async () => {
    const { platform, App, fire } = await platformOn(true);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    let path = '/';
    const stop = platform.listenToBackButton(() => path);
    await fire('backButton');
    expect(App.exitApp).toHaveBeenCalledTimes(1);
    path = '/auth';
    await fire('backButton');
    expect(App.exitApp).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
    path = '/products';
    await fire('backButton');
    expect(back).toHaveBeenCalledTimes(1);
    expect(App.exitApp).toHaveBeenCalledTimes(2);
    stop();
  });

  it('is not listened to in a browser', async () => {
    const { platform, App } = await platformOn(false);
    platform.listenToBackButton(() => '/');
    expect(App.addListener).not.toHaveBeenCalled();
  });
});

describe('the status bar', () => {
  it('is #121212 with light text in the dark theme and white with dark text in the light one', async () => {
    const { platform, StatusBar } = await platformOn(true);
    await platform.applyStatusBarTheme('dark');
    expect(StatusBar.setStyle).toHaveBeenLastCalledWith({ style: 'DARK' });
    expect(StatusBar.setBackgroundColor).toHaveBeenLastCalledWith({ color: '#121212' });
    await platform.applyStatusBarTheme('light');
    expect(StatusBar.setStyle).toHaveBeenLastCalledWith({ style: 'LIGHT' });
    expect(StatusBar.setBackgroundColor).toHaveBeenLastCalledWith({ color: '#ffffff' });
  });

  it('is left alone in a browser', async () => {
    const { platform, StatusBar } = await platformOn(false);
    await platform.applyStatusBarTheme('dark');
    expect(StatusBar.setStyle).not.toHaveBeenCalled();
  });
});

describe('network status on native', () => {
  it('reports the current status, then each change from the Network plugin', async () => {
    const { platform, fire } = await platformOn(true);
    const changes: boolean[] = [];
    platform.subscribeToConnectivity((online) => changes.push(online));
    await vi.waitFor(() => expect(changes).toEqual([false]));
    await fire('networkStatusChange', { connected: true });
    expect(changes).toEqual([false, true]);
  });
});

describe('app resume', () => {
  it('calls back on the native resume event, and stops when asked', async () => {
    const { platform, fire } = await platformOn(true);
    const onResume = vi.fn();
    const onAppResume = vi.fn();
    platform.listenToResume(onResume);
    const stop = platform.listenToAppResume(onAppResume);
    await fire('resume');
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(onAppResume).toHaveBeenCalledTimes(1);
    stop();
    await vi.waitFor(async () => {
      await fire('resume');
      expect(onAppResume).toHaveBeenCalledTimes(1);
    });
  });

  it('in a browser, window focus counts as resume for the prefetch, and live streams are not reopened', async () => {
    const { platform, App } = await platformOn(false);
    const onResume = vi.fn();
    const onAppResume = vi.fn();
    platform.listenToResume(onResume);
    platform.listenToAppResume(onAppResume);
    window.dispatchEvent(new Event('focus'));
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(onAppResume).not.toHaveBeenCalled();
    expect(App.addListener).not.toHaveBeenCalled();
  });

  it('reopens a live stream at once, resuming from the last event id', async () => {
    const { fire } = await platformOn(true);
    const requests: { lastEventId: string | null; signal: AbortSignal }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        requests.push({ lastEventId: headers.get('last-event-id'), signal: init.signal! });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            if (requests.length === 1) controller.enqueue(new TextEncoder().encode('id: 5\ndata: first\n\n'));
            // Then silence, as a connection the system cut while the app slept.
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const { openEventStream } = await import('./event-stream');
    const messages: string[] = [];
    const stop = openEventStream({ path: '/api/stream', onMessage: (message) => messages.push(message.data), backoff: { initialMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(() => expect(messages).toEqual(['first']));
    await fire('resume');
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.lastEventId).toBe('5');
    stop();
  });
});

describe('push notifications in the app', () => {
  const listening = (listeners: Map<string, Listener[]>, event: string) => (listeners.get(event) ?? []).length;

  it('asks the permission, registers, and returns the token of the registration event', async () => {
    const { platform, PushNotifications, listeners } = await platformOn(true);
    await expect(platform.registerForNativePush()).resolves.toEqual({ permission: 'granted', token: 'fcm-token-1' });
    expect(PushNotifications.requestPermissions).toHaveBeenCalledOnce();
    expect(PushNotifications.register).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(listening(listeners, 'registration') + listening(listeners, 'registrationError')).toBe(0));
    // Granted once, it is not asked again.
    await expect(platform.registerForNativePush()).resolves.toEqual({ permission: 'granted', token: 'fcm-token-1' });
    expect(PushNotifications.requestPermissions).toHaveBeenCalledOnce();
    await expect(platform.checkNativePushPermission()).resolves.toBe('granted');
  });

  it('registers nothing when the person refuses at the system dialog, or refused before', async () => {
    const { platform, PushNotifications, push } = await platformOn(true);
    push.answer = 'denied';
    await expect(platform.registerForNativePush()).resolves.toEqual({ permission: 'denied' });
    await expect(platform.registerForNativePush()).resolves.toEqual({ permission: 'denied' });
    expect(PushNotifications.requestPermissions).toHaveBeenCalledOnce();
    expect(PushNotifications.register).not.toHaveBeenCalled();
    await expect(platform.checkNativePushPermission()).resolves.toBe('denied');
  });

  it('fails with the plugin\'s registration error, or when no token comes', async () => {
    const { platform, push, listeners } = await platformOn(true);
    push.permission = 'granted';
    push.outcome = { event: 'registrationError', payload: { error: 'SERVICE_NOT_AVAILABLE' } };
    await expect(platform.registerForNativePush()).rejects.toThrow('SERVICE_NOT_AVAILABLE');
    await vi.waitFor(() => expect(listening(listeners, 'registration') + listening(listeners, 'registrationError')).toBe(0));

    vi.useFakeTimers();
    push.outcome = null;
    const outcome = vi.fn();
    void platform.registerForNativePush().then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(platform.NATIVE_PUSH_REGISTRATION_LIMIT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ message: 'No push token came from the device' }));
  });

  it("opens the page a tapped notification names, and only the app's own pages", async () => {
    const { platform, fire } = await platformOn(true);
    const navigate = vi.fn();
    const stop = platform.listenToNotificationTaps(navigate);
    const tap = (data: unknown) => fire('pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '1', data } });
    await tap({ url: '/orders/abc', tag: 'order-abc' });
    expect(navigate).toHaveBeenCalledWith('/orders/abc');
    await tap({ url: 'https://elsewhere.example/phish' });
    await tap({ url: '//elsewhere.example/phish' });
    await tap({});
    expect(navigate).toHaveBeenCalledTimes(1);
    stop();
    await vi.waitFor(async () => {
      await tap({ url: '/driver' });
      expect(navigate).toHaveBeenCalledTimes(1);
    });
  });

  it('drops the token at FCM when asked', async () => {
    const { platform, PushNotifications } = await platformOn(true);
    await platform.unregisterFromNativePush();
    expect(PushNotifications.unregister).toHaveBeenCalledOnce();
  });

  it('in a browser, leaves push to the service worker', async () => {
    const { platform, PushNotifications } = await platformOn(false);
    platform.listenToNotificationTaps(vi.fn());
    await platform.unregisterFromNativePush();
    await expect(platform.checkNativePushPermission()).resolves.toBe('denied');
    await expect(platform.registerForNativePush()).rejects.toThrow();
    expect(PushNotifications.addListener).not.toHaveBeenCalled();
    expect(PushNotifications.unregister).not.toHaveBeenCalled();
  });
});

describe('the 30-second time-out of backend requests', () => {
  function hangingFetch() {
    return vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
  }

  it('on native, a request with no answer after 30 s fails as a connection issue', async () => {
    vi.useFakeTimers();
    await platformOn(true);
    vi.stubGlobal('fetch', hangingFetch());
    const { apiFetch } = await import('./api-client');
    const outcome = vi.fn();
    void apiFetch('/api/cart').then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ status: 0, code: 'NETWORK', message: copy.app.connectionIssue }));
  });

  it('on native, an answer in time is returned and the caller can still cancel', async () => {
    vi.useFakeTimers();
    const { platform } = await platformOn(true);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    await expect(platform.platformFetch('/api/cart')).resolves.toBeInstanceOf(Response);
    vi.stubGlobal('fetch', hangingFetch());
    const cancel = new AbortController();
    const pending = platform.platformFetch('/api/cart', { signal: cancel.signal });
    cancel.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('in a browser, requests are not cut short', async () => {
    vi.useFakeTimers();
    const { platform } = await platformOn(false);
    vi.stubGlobal('fetch', hangingFetch());
    const outcome = vi.fn();
    void platform.platformFetch('/api/cart').then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(outcome).not.toHaveBeenCalled();
  });
});

describe('the console noise filter', () => {
  const noise = [
    ['warn', 'Google Mobile Ads SDK initialization failed'],
    ['log', '[AdMob] banner failed to load'],
    ['warn', '@firebase/app: Firebase: No Firebase App has been created'],
    ['error', 'FirebaseError: Missing or insufficient permissions.'],
    ['warn', '[2024-01-01T00:00:00.000Z]  @firebase/firestore: Firestore (10.7.0): Could not reach Cloud Firestore backend.'],
    ['warn', 'An iframe which has both allow-scripts and allow-same-origin for its sandbox attribute can escape its sandboxing.'],
  ] as const;
  const kept = [
    ['error', 'Failed to load cloud kitchens in your area'],
    ['warn', 'React Router Future Flag Warning'],
    ['log', 'sandbox mode enabled for payments'],
    ['error', 'Uncaught TypeError: Cannot read properties of undefined'],
    ['warn', 'Blocked script execution in an iframe'],
  ] as const;

  function fakeConsole() {
    const calls: [string, unknown[]][] = [];
    const record = (method: string) => (...args: unknown[]) => calls.push([method, args]);
    const target = { log: record('log'), info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug') } as unknown as Console;
    return { target, calls };
  }

  it('on native, drops exactly the ads SDK, Firebase, Firestore and iframe sandbox messages and passes everything else', async () => {
    const { platform } = await platformOn(true);
    const { target, calls } = fakeConsole();
    const undo = platform.installNativeConsoleFilter(target);
    for (const [method, text] of noise) target[method](text);
    expect(calls).toEqual([]);
    for (const [method, text] of kept) target[method](text, { detail: 1 });
    expect(calls).toEqual(kept.map(([method, text]) => [method, [text, { detail: 1 }]]));
    target.error(new Error('FirebaseError: quota exceeded'));
    expect(calls).toHaveLength(kept.length);
    undo();
    target.warn(noise[0][1]);
    expect(calls).toHaveLength(kept.length + 1);
  });

  it('is not installed in a browser', async () => {
    const { platform } = await platformOn(false);
    const { target, calls } = fakeConsole();
    platform.installNativeConsoleFilter(target);
    target.warn(noise[2][1]);
    expect(calls).toHaveLength(1);
  });
});

describe('uncaught errors in the native app', () => {
  function listen(platform: typeof Platform) {
    const notify = { error: vi.fn(), warning: vi.fn() };
    const stop = platform.listenToNativeErrors(notify);
    return { notify, stop };
  }

  function rejection(reason: unknown) {
    const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: reason });
    window.dispatchEvent(event);
    return event;
  }

  it('an error containing authError or 401 tells the customer the payment system is unavailable', async () => {
    const { platform } = await platformOn(true);
    const { notify, stop } = listen(platform);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught Error: authError from payment sheet', error: new Error('authError from payment sheet') }));
    rejection({ message: 'Request failed with status 401' });
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenCalledWith('Payment Configuration Issue: Payment system temporarily unavailable. Please try again later.');
    stop();
  });

  it('a refused location permission asks the customer to enable it in settings', async () => {
    const { platform } = await platformOn(true);
    const { notify, stop } = listen(platform);
    rejection(new Error('Location permission was denied'));
    expect(notify.warning).toHaveBeenCalledWith('Location Access: Location permission is needed for delivery. Please enable in settings.');
    stop();
  });

  it('a permission missing from the Android manifest is ignored', async () => {
    const { platform } = await platformOn(true);
    const { notify, stop } = listen(platform);
    const event = rejection(new Error('Missing the following permissions in AndroidManifest.xml:\nandroid.permission.ACCESS_COARSE_LOCATION'));
    expect(event.defaultPrevented).toBe(true);
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.warning).not.toHaveBeenCalled();
    stop();
  });

  it('other errors are left as they are, and nothing is listened to in a browser', async () => {
    const native = await platformOn(true);
    const { notify, stop } = listen(native.platform);
    const event = rejection(new Error('Cannot read properties of undefined'));
    expect(event.defaultPrevented).toBe(false);
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.warning).not.toHaveBeenCalled();
    stop();
    vi.resetModules();
    const web = await platformOn(false);
    const browser = listen(web.platform);
    rejection(new Error('authError'));
    expect(browser.notify.error).not.toHaveBeenCalled();
  });
});

describe('Google sign-in', () => {
  const urls = { callbackURL: 'https://freshcart.test/', errorCallbackURL: 'https://freshcart.test/auth' };

  it('on native, sends the ID token of the device account', async () => {
    const { platform } = await platformOn(true);
    platform.setGoogleIdTokenProvider({ signIn: async () => ({ idToken: 'id-token', accessToken: 'access-token' }), signOut: async () => {} });
    await expect(platform.googleSignInRequest(urls)).resolves.toEqual({ provider: 'google', idToken: { token: 'id-token', accessToken: 'access-token' } });
  });

  it('on native, a reauth error (code 16) logs out of Google and tries once more, then gives up', async () => {
    const { platform } = await platformOn(true);
    const signOut = vi.fn(async () => {});
    const signIn = vi
      .fn<() => Promise<{ idToken: string }>>()
      .mockRejectedValueOnce(Object.assign(new Error('Reauth required'), { code: 16 }))
      .mockResolvedValueOnce({ idToken: 'fresh-token' });
    platform.setGoogleIdTokenProvider({ signIn, signOut });
    await expect(platform.googleSignInRequest(urls)).resolves.toEqual({ provider: 'google', idToken: { token: 'fresh-token' } });
    expect(signOut).toHaveBeenCalledTimes(1);

    signIn.mockReset().mockRejectedValue(Object.assign(new Error('Reauth required'), { code: '16' }));
    await expect(platform.googleSignInRequest(urls)).rejects.toThrow('Reauth required');
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('on native, other failures are not retried', async () => {
    const { platform } = await platformOn(true);
    const signIn = vi.fn(async () => Promise.reject(new Error('The user canceled the sign-in flow.')));
    const signOut = vi.fn(async () => {});
    platform.setGoogleIdTokenProvider({ signIn, signOut });
    await expect(platform.googleSignInRequest(urls)).rejects.toThrow('canceled');
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('in a browser, asks for the OAuth redirect', async () => {
    const { platform } = await platformOn(false);
    const signIn = vi.fn();
    platform.setGoogleIdTokenProvider({ signIn, signOut: async () => {} });
    await expect(platform.googleSignInRequest(urls)).resolves.toEqual({ provider: 'google', ...urls });
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe('the session on native', () => {
  afterEach(() => localStorage.clear());

  it('keeps the token the server sends at sign-in and sends it as a bearer token, without cookies', async () => {
    const { platform } = await platformOn(true);
    const seen: { authorization: string | null; credentials: RequestCredentials | undefined; accept: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        seen.push({ authorization: headers.get('authorization'), credentials: init.credentials, accept: headers.get('accept') });
        return new Response('{}', { headers: seen.length === 1 ? { 'set-auth-token': 'session-token' } : {} });
      }),
    );
    await platform.platformFetch('/api/auth/sign-in/email', { method: 'POST', credentials: 'include' });
    await platform.platformFetch('/api/cart', { credentials: 'include', headers: { accept: 'application/json' } });
    expect(seen).toEqual([
      { authorization: null, credentials: 'omit', accept: null },
      { authorization: 'Bearer session-token', credentials: 'omit', accept: 'application/json' },
    ]);
  });

  it('forgets the token at sign-out', async () => {
    const { platform } = await platformOn(true);
    const { forgetSignedOutTraces } = await import('./sign-out-cleanup');
    localStorage.setItem(platform.NATIVE_SESSION_TOKEN_KEY, 'session-token');
    forgetSignedOutTraces();
    expect(localStorage.getItem(platform.NATIVE_SESSION_TOKEN_KEY)).toBeNull();
  });

  it('in a browser, leaves the request as it is (the session is a same-origin cookie)', async () => {
    const { platform } = await platformOn(false);
    localStorage.setItem(platform.NATIVE_SESSION_TOKEN_KEY, 'session-token');
    const fetchStub = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    const init = { credentials: 'include' as const };
    await platform.platformFetch('/api/cart', init);
    expect(fetchStub).toHaveBeenCalledWith('/api/cart', init);
  });
});
