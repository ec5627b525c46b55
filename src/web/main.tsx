import { onlineManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import { installNativeConsoleFilter } from './lib/platform';
import './styles.css';

// Before anything logs: the native app's known console noise (SPEC §8) is dropped; the web keeps all.
installNativeConsoleFilter();
// A page opened offline (from the service worker's copy) starts offline: reads that need the network
// wait for it instead of failing, and resume on reconnection. TanStack Query otherwise assumes online.
onlineManager.setOnline(navigator.onLine);

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

registerServiceWorker();
