import { onlineManager } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
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

function start() {
  const router = createRouter();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );

  // A page painted from index.html (the prepaint script, ADR 054) stays until the app can show the same page:
  // its code first, or the loading spinner would flash in its place. Failures are the route's to explain. The
  // painted page is already there to read, so the app renders over it in a transition: in slices of a few
  // milliseconds, leaving the page free to answer input instead of blocking it for one long task (ADR 058).
  // Elsewhere nothing shows until the first render, which is done at once.
  if (container.hasChildNodes()) {
    const renderOverPaintedPage = () => startTransition(() => createRoot(container).render(app));
    void preloadPages(router.state.matches).then(renderOverPaintedPage, renderOverPaintedPage);
  } else {
    createRoot(container).render(app);
  }
  registerServiceWorker();
}

// The app loader (ADR 058) may run this before the parser has reached the end of the page. Otherwise the
// app starts in the next task, not in the one that evaluated its modules: two shorter tasks instead of one.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else setTimeout(start, 0);
