import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

/** A switch whose change is saved until `Finish` is pressed. */
function SavedSwitch({ onSave }: { onSave: (on: boolean) => void }) {
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Switch
        aria-label="Open"
        checked={on}
        busy={busy}
        onCheckedChange={(next) => {
          onSave(next);
          setOn(next);
          setBusy(true);
        }}
      />
      <button type="button" onClick={() => setBusy(false)}>
        Finish
      </button>
    </>
  );
}

describe('Switch', () => {
  it('keeps keyboard focus while saving and says it is busy', async () => {
    const save = vi.fn();
    render(<SavedSwitch onSave={save} />);
    const open = screen.getByRole('switch', { name: 'Open' });
    open.focus();
    await userEvent.keyboard(' ');
    expect(open).toBeChecked();
    expect(open).toHaveAttribute('aria-busy', 'true');
    expect(open).toHaveAttribute('aria-disabled', 'true');
    expect(open).not.toBeDisabled();
    expect(document.activeElement).toBe(open);
  });

  it('ignores presses while saving and takes them again once saved', async () => {
    const save = vi.fn();
    render(<SavedSwitch onSave={save} />);
    const open = screen.getByRole('switch', { name: 'Open' });
    await userEvent.click(open);
    await userEvent.click(open);
    open.focus();
    await userEvent.keyboard(' ');
    expect(save).toHaveBeenCalledTimes(1);
    expect(open).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(open).not.toHaveAttribute('aria-busy');
    expect(open).not.toHaveAttribute('aria-disabled');
    await userEvent.click(open);
    expect(save).toHaveBeenLastCalledWith(false);
    expect(open).not.toBeChecked();
  });
});
