import { fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pwaCopy } from '@/shared/copy';
import { announceUpdate } from './update-toast';

describe('the new-version toast', () => {
  afterEach(() => toast.dismiss());

  it('says an update is available and reloads into it from its Reload action, once however often it is announced', async () => {
    render(<Toaster />);
    const reload = vi.fn();
    announceUpdate(reload);
    announceUpdate(reload);

    expect(await screen.findByText('Update available — reload')).toBeInTheDocument();
    expect(screen.getAllByText(pwaCopy.updateAvailable)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
