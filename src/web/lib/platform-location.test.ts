import type * as CapacitorCore from '@capacitor/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

type PositionCallback = (position: { coords: { latitude: number; longitude: number } }) => void;
type ErrorCallback = (error: { code: number; PERMISSION_DENIED: 1; POSITION_UNAVAILABLE: 2; TIMEOUT: 3 }) => void;

function stubBrowserGeolocation(answer: (success: PositionCallback, failure: ErrorCallback, options: PositionOptions) => void) {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

const geolocationError = (code: number) => ({ code, PERMISSION_DENIED: 1 as const, POSITION_UNAVAILABLE: 2 as const, TIMEOUT: 3 as const });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('@capacitor/core');
  vi.doUnmock('@capacitor/geolocation');
  vi.resetModules();
});

describe('location on the web', () => {
  it('reads the position with the time-out it is given', async () => {
    const { getCurrentPosition } = await import('./platform');
    const spy = stubBrowserGeolocation((success) => success({ coords: { latitude: 30.63, longitude: -97.68 } }));
    await expect(getCurrentPosition({ timeoutMs: 10_000 })).resolves.toEqual({ latitude: 30.63, longitude: -97.68 });
    expect(spy.mock.calls[0]?.[2]).toMatchObject({ timeout: 10_000, maximumAge: 0 });
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ])('turns browser error %i into %s', async (code, reason) => {
    const { getCurrentPosition, LocationError } = await import('./platform');
    stubBrowserGeolocation((_success, failure) => failure(geolocationError(code)));
    const failure = getCurrentPosition({ timeoutMs: 10_000 });
    await expect(failure).rejects.toBeInstanceOf(LocationError);
    await expect(failure).rejects.toMatchObject({ reason });
  });

  it('reports the permission from the Permissions API, prompt without it, unavailable without geolocation', async () => {
    const { checkLocationPermission } = await import('./platform');
    vi.stubGlobal('navigator', { geolocation: {}, permissions: { query: async () => ({ state: 'denied' }) } });
    await expect(checkLocationPermission()).resolves.toBe('denied');
    vi.stubGlobal('navigator', { geolocation: {} });
    await expect(checkLocationPermission()).resolves.toBe('prompt');
    vi.stubGlobal('navigator', {});
    await expect(checkLocationPermission()).resolves.toBe('unavailable');
  });

  it('counts location as unavailable on a page not served securely, where the browser refuses every request, and says why', async () => {
    const { checkLocationPermission, getCurrentPosition, watchPosition } = await import('./platform');
    const spy = stubBrowserGeolocation((success) => success({ coords: { latitude: 30.63, longitude: -97.68 } }));
    vi.stubGlobal('isSecureContext', false);
    await expect(checkLocationPermission()).resolves.toBe('unavailable');
    await expect(getCurrentPosition({ timeoutMs: 10_000 })).rejects.toMatchObject({ reason: 'insecure' });
    const onError = vi.fn();
    watchPosition({ onPosition: () => {}, onError });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'insecure' }));
    expect(spy).not.toHaveBeenCalled();
  });

  it('tells a browser without the geolocation API apart from a position not read right now', async () => {
    const { getCurrentPosition, watchPosition } = await import('./platform');
    vi.stubGlobal('navigator', {});
    await expect(getCurrentPosition({ timeoutMs: 10_000 })).rejects.toMatchObject({ reason: 'unsupported' });
    const onError = vi.fn();
    watchPosition({ onPosition: () => {}, onError });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unsupported' }));
  });

  it('asking gives up after 30 seconds when the prompt is left open, and reports the permission as it stands', async () => {
    vi.useFakeTimers();
    try {
      const { requestLocationPermission } = await import('./platform');
      const spy = stubBrowserGeolocation(() => {});
      vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: spy }, permissions: { query: async () => ({ state: 'prompt' }) } });
      const answer = vi.fn();
      void requestLocationPermission().then(answer);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(answer).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toHaveBeenCalledWith('prompt');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks by requesting a position: refused means denied', async () => {
    const { requestLocationPermission } = await import('./platform');
    stubBrowserGeolocation((_success, failure) => failure(geolocationError(1)));
    await expect(requestLocationPermission()).resolves.toBe('denied');
  });
});

describe('location on native', () => {
  async function nativePlatform(geolocation: Record<string, unknown>) {
    vi.doMock('@capacitor/core', async (original) => ({
      ...(await original<typeof CapacitorCore>()),
      Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' },
    }));
    vi.doMock('@capacitor/geolocation', () => ({ Geolocation: geolocation }));
    return import('./platform');
  }

  it.each([
    ['granted', 'granted'],
    ['denied', 'denied'],
    ['prompt', 'prompt'],
    ['prompt-with-rationale', 'prompt'],
  ])('maps the plugin permission %s to %s', async (plugin, expected) => {
    const platform = await nativePlatform({ checkPermissions: async () => ({ location: plugin, coarseLocation: plugin }) });
    await expect(platform.checkLocationPermission()).resolves.toBe(expected);
  });

  it('an approximate-only grant (Android 12+) counts as granted', async () => {
    const platform = await nativePlatform({
      checkPermissions: async () => ({ location: 'denied', coarseLocation: 'granted' }),
      requestPermissions: async () => ({ location: 'denied', coarseLocation: 'granted' }),
    });
    await expect(platform.checkLocationPermission()).resolves.toBe('granted');
    await expect(platform.requestLocationPermission()).resolves.toBe('granted');
  });

  it('location services switched off count as unavailable', async () => {
    const platform = await nativePlatform({ checkPermissions: async () => Promise.reject(new Error('Location services are not enabled')) });
    await expect(platform.checkLocationPermission()).resolves.toBe('unavailable');
  });

  it('asks through the system dialog and reads the position through the plugin', async () => {
    const requestPermissions = vi.fn(async () => ({ location: 'granted', coarseLocation: 'granted' }));
    const getCurrentPosition = vi.fn(async () => ({ coords: { latitude: 40.72, longitude: -74.04 } }));
    const platform = await nativePlatform({ requestPermissions, getCurrentPosition });
    await expect(platform.requestLocationPermission()).resolves.toBe('granted');
    await expect(platform.getCurrentPosition({ timeoutMs: 3000, maximumAgeMs: 60_000 })).resolves.toEqual({ latitude: 40.72, longitude: -74.04 });
    expect(getCurrentPosition).toHaveBeenCalledWith({ timeout: 3000, maximumAge: 60_000, enableHighAccuracy: false });
  });

  it('a refused plugin read is a denied LocationError', async () => {
    const platform = await nativePlatform({ getCurrentPosition: async () => Promise.reject(new Error('User denied location permission')) });
    await expect(platform.getCurrentPosition({ timeoutMs: 3000 })).rejects.toMatchObject({ reason: 'denied' });
  });
});
