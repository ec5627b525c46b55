import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityPicker } from './quantity-picker';

function Picker({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return (
    <>
      <QuantityPicker value={value} max={max} onChange={setValue} />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

describe('QuantityPicker', () => {
  it('shows the most it takes and never shows a number above it', async () => {
    render(<Picker max={99} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(field).toHaveAccessibleDescription('Max 99');
    await userEvent.clear(field);
    await userEvent.type(field, '500');
    expect(field).toHaveValue(99);
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('99');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('keeps what is typed within the most', async () => {
    render(<Picker max={12} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    expect(field).toHaveValue(7);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(field).toHaveValue(8);
    expect(field).toHaveAccessibleDescription('Max 12');
  });
});
