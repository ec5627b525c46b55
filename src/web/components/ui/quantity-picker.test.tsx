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

  it("names an item's controls, goes down to the minimum it is given, and in compact form shows the most only once reached", async () => {
    const changes: number[] = [];
    const { rerender } = render(<QuantityPicker compact min={0} value={1} max={2} itemName="Bananas" label="Quantity of Bananas in cart" onChange={(value) => changes.push(value)} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Bananas in cart' });
    expect(screen.getByText('Max 2')).toHaveClass('sr-only');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Bananas' }));
    expect(changes).toEqual([0]);
    rerender(<QuantityPicker compact min={0} value={2} max={2} itemName="Bananas" label="Quantity of Bananas in cart" onChange={(value) => changes.push(value)} />);
    expect(field).toHaveValue(2);
    expect(screen.getByText('Max 2')).not.toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Increase quantity of Bananas' })).toBeDisabled();
  });
});
