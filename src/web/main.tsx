import { onlineManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadPages } from './app/lazy-page';
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
const container = document.getElementById('root')!;

function render() {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

// A page painted from index.html (the prepaint script, ADR 054) stays until the app can show the same page: its
// code first, or the loading spinner would flash in its place. Failures are the route's to explain.
if (container.hasChildNodes()) void preloadPages(router.state.matches).then(render, render);
else render();

registerServiceWorker();
