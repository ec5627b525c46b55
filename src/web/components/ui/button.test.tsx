import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

/** A form whose submit button is busy from the first submit until `finish` is called. */
function SaveForm({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        setBusy(true);
      }}
    >
      <label>
        Name <input name="name" />
      </label>
      <Button type="submit" busy={busy}>
        Save
      </Button>
      <Button type="button" onClick={() => setBusy(false)}>
        Finish
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('keeps focus while busy and says it is busy', async () => {
    const submit = vi.fn();
    render(<SaveForm onSubmit={submit} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).not.toBeDisabled();
    expect(document.activeElement).toBe(save);
  });

  it('ignores clicks and does not submit its form again while busy', async () => {
    const submit = vi.fn();
    render(<SaveForm onSubmit={submit} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.dblClick(save);
    await userEvent.keyboard('{Enter}');
    // Enter in a field submits through the form's submit button, which is busy.
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(save).not.toHaveAttribute('aria-disabled');
    expect(save).not.toHaveAttribute('aria-busy');
    await userEvent.click(save);
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('runs no click handler while busy', async () => {
    const press = vi.fn();
    const { rerender } = render(
      <Button busy onClick={press}>
        Accept
      </Button>,
    );
    const accept = screen.getByRole('button', { name: 'Accept' });
    await userEvent.click(accept);
    accept.focus();
    await userEvent.keyboard('{Enter}[Space]');
    expect(press).not.toHaveBeenCalled();
    rerender(<Button onClick={press}>Accept</Button>);
    await userEvent.click(accept);
    expect(press).toHaveBeenCalledTimes(1);
  });
});
