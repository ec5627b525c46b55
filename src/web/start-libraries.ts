/**
 * A second entry of the build, run by the app loader before the app's own entry (ADR 058's loader): React DOM,
 * the router and TanStack Query evaluated in a task of their own. Evaluated with the app's modules they made
 * one task of about 35 ms on a desktop, 140 ms at Lighthouse's 4× slowdown, during which the page could not
 * answer input. The entry then finds them evaluated, and runs its own modules in the next task.
 */
export { createRoot } from 'react-dom/client';
export { RouterProvider } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
