import { afterEach, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(cleanup);

// A page test renders a whole app in jsdom: on two cores shared with other work, what a test waits
// for (findBy…, waitFor) can take longer than the library's 1 s to appear.
configure({ asyncUtilTimeout: 4000 });

// An error logged to the console during a test is a failure, not noise.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((call) => call.join(' ')).join('\n')}`);
});

// Browsers move focus to the page when the focused control becomes disabled (the HTML "focus
// fixup rule"); jsdom keeps it there. Do as browsers do, so a test sees where focus really goes.
// (A test file may run without a DOM.)
if (typeof document !== 'undefined') {
  new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (target !== document.activeElement || !(target instanceof HTMLElement) || !target.hasAttribute('disabled')) continue;
      // jsdom does not blur a disabled element: blur it as it was a moment before.
      target.removeAttribute('disabled');
      target.blur();
      target.setAttribute('disabled', '');
    }
  }).observe(document, { subtree: true, attributeFilter: ['disabled'] });
}
