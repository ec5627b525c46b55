import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiscountTier } from '@/shared/contracts/catalog';
import { DiscountTiers, tierForQuantity } from './discount-tiers';

const tiers: DiscountTier[] = [
  { minQuantity: 3, percentage: 15, scope: 'product' },
  { minQuantity: 6, percentage: 20, scope: 'subcategory' },
  { minQuantity: 10, percentage: 22.5, scope: 'category' },
];

function rowOf(label: string) {
  return screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLTableRowElement;
}

describe('DiscountTiers', () => {
  it('shows each tier with the unit price taken off the regular price, rounded half-up to the cent', () => {
    render(<DiscountTiers price={1050} tiers={tiers} />);
    // 1050 × 0.85 = 892.5 → $8.93; 1050 × 0.8 = 840 → $8.40; 1050 × 0.775 = 813.75 → $8.14.
    expect(within(rowOf('Buy 3+')).getByText('save 15%')).toBeInTheDocument();
    expect(within(rowOf('Buy 3+')).getByText('$8.93')).toBeInTheDocument();
    expect(within(rowOf('Buy 6+')).getByText('save 20%')).toBeInTheDocument();
    expect(within(rowOf('Buy 6+')).getByText('$8.40')).toBeInTheDocument();
    expect(within(rowOf('Buy 10+')).getByText('save 22.5%')).toBeInTheDocument();
    expect(within(rowOf('Buy 10+')).getByText('$8.14')).toBeInTheDocument();
    expect(screen.getByText(/Regular price \$10\.50 each/)).toBeInTheDocument();
  });

  it('marks the tier the chosen quantity reaches', () => {
    render(<DiscountTiers price={1050} tiers={tiers} quantity={7} />);
    expect(rowOf('Buy 6+')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('Buy 3+')).not.toHaveAttribute('aria-current');
    expect(rowOf('Buy 10+')).not.toHaveAttribute('aria-current');
    expect(within(rowOf('Buy 6+')).getByText('Applied')).toBeInTheDocument();
  });

  it('renders nothing when the product has no tiers', () => {
    const { container } = render(<DiscountTiers price={1050} tiers={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('tierForQuantity', () => {
  it('picks the best tier at or below the quantity', () => {
    expect(tierForQuantity(tiers, 2)).toBeUndefined();
    expect(tierForQuantity(tiers, 3)?.percentage).toBe(15);
    expect(tierForQuantity(tiers, 9)?.percentage).toBe(20);
    expect(tierForQuantity(tiers, 99)?.percentage).toBe(22.5);
  });
});
