import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mainContentId } from '@/web/components/layouts/skip-link';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

/**
 * A page whose dialog opens from state, with no Trigger (as the warehouse check's do); choosing in it
 * may take away the button that opened it, as a choice can change what the page shows.
 */
function Page({ panel }: { panel: 'dialog' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(false);
  const [Root, Content, Title, Description] =
    panel === 'dialog' ? [Dialog, DialogContent, DialogTitle, DialogDescription] : [Sheet, SheetContent, SheetTitle, SheetDescription];
  return (
    <>
      <input aria-label="Search" />
      <main id={mainContentId} tabIndex={-1}>
        {chosen ? <p>Chosen</p> : <button onClick={() => setOpen(true)}>Open</button>}
      </main>
      <Root open={open} onOpenChange={setOpen}>
        <Content>
          <Title>Pick</Title>
          <Description>Pick one.</Description>
          <button
            onClick={() => {
              setChosen(true);
              setOpen(false);
            }}
          >
            Choose
          </button>
          <button onClick={() => setOpen(false)}>Keep</button>
          <button
            onClick={() => {
              setOpen(false);
              window.history.pushState(null, '', '/checkout');
            }}
          >
            Go
          </button>
        </Content>
      </Root>
    </>
  );
}

describe.each(['dialog', 'sheet'] as const)('a %s without a trigger', (panel) => {
  it('gives focus back to the control that opened it, after Escape, the close button or an answer', async () => {
    const user = userEvent.setup();
    render(<Page panel={panel} />);
    const opener = screen.getByRole('button', { name: 'Open' });

    await user.click(opener);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives focus to the main content when the answer took the opener away', async () => {
    const user = userEvent.setup();
    render(<Page panel={panel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(screen.getByText('Chosen')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('leaves focus on the main content of the page it took the visitor to, not on its opener left behind', async () => {
    const user = userEvent.setup();
    const before = window.location.pathname;
    render(<Page panel={panel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    window.history.replaceState(null, '', before);
  });
});
