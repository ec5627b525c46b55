/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { isNative } from '@/web/lib/platform';
import { announceUpdate } from './update-toast';

/** How often an open tab asks whether a new version was deployed. */
const updateCheckIntervalMs = 60 * 60 * 1000;

/**
 * Registers the service worker of the installable web app (ADR 036). The native app ships its files
 * inside the APK and has no use for one.
 */
export function registerServiceWorker() {
  if (isNative || !('serviceWorker' in navigator)) return;
  // The page reloads once the new worker controls it. Its own listener rather than the plugin's,
  // which reloads only a page that was already controlled when it registered: a tab that installed
  // the first worker would otherwise stay on the old version after Reload.
  const reloadIntoNewVersion = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker();
  };
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      announceUpdate(reloadIntoNewVersion);
    },
    onNeedReload() {
      // Handled by reloadIntoNewVersion.
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, updateCheckIntervalMs);
    },
  });
}
