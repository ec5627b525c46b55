import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeepFocus } from './keep-focus';

/** An order card whose action replaces its own button with the next one, as the warehouse queue's do. */
function Queue() {
  const [status, setStatus] = useState<'placed' | 'confirmed' | 'gone'>('placed');
  return (
    <main>
      <KeepFocus />
      <button>Filter</button>
      <ul>
        {status === 'gone' ? null : (
          <li>
            <h2>FC-1</h2>
            <div>
              {status === 'placed' ? (
                <button key="confirm" onClick={() => setTimeout(() => setStatus('confirmed'), 10)}>
                  Confirm
                </button>
              ) : (
                <button key="pick" onClick={() => setStatus('gone')}>
                  Start picking
                </button>
              )}
            </div>
          </li>
        )}
        <li>
          <button>Confirm FC-2</button>
        </li>
      </ul>
    </main>
  );
}

describe('KeepFocus', () => {
  it('hands focus to the control that replaced the one an action took away, then to the next part of the list', async () => {
    const user = userEvent.setup();
    render(<Queue />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start picking' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm FC-2' })).toHaveFocus());
  });

  it('leaves focus alone after a click on no control', async () => {
    const user = userEvent.setup();
    render(<Queue />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('heading', { name: 'FC-1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start picking' })).toBeInTheDocument());
    expect(document.body).toHaveFocus();
  });
});
