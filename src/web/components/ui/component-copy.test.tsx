import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as catalogue from '@/shared/copy';
import { SectionHeading } from './section-heading';
import { ConfirmDialog } from './confirm-dialog';
import { Pagination } from './pagination';
import { QuantityPicker } from './quantity-picker';
import { QueryError } from './query-error';
import { Button } from './button';

// Other words in the catalogue: the shared components must show these, never words of their own.
vi.mock('@/shared/copy', async (importOriginal) => {
  const actual = await importOriginal<typeof catalogue>();
  return {
    ...actual,
    copy: {
      ...actual.copy,
      ui: {
        ...actual.copy.ui,
        loadFailed: 'Catalogue: load failed',
        retry: 'Catalogue: retry',
        previousPage: 'Catalogue: previous',
        nextPage: 'Catalogue: next',
        pageOf: (page: number, pageCount: number) => `Catalogue: ${page}/${pageCount}`,
        viewAll: 'Catalogue: view all',
        quantity: 'Catalogue: quantity',
        cancel: 'Catalogue: cancel',
      },
    },
  };
});

describe('the shared components take their words from the copy catalogue', () => {
  it('a failed load and its retry', () => {
    render(<QueryError error={new Error('Offline')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Catalogue: load failed');
    expect(screen.getByRole('button', { name: 'Catalogue: retry' })).toBeInTheDocument();
  });

  it('pagination, a section heading, a quantity picker and a confirmation', async () => {
    render(
      <MemoryRouter>
        <Pagination page={2} pageCount={3} onPageChange={() => undefined} />
        <SectionHeading id="deals" title="Deals" viewAllTo="/deals" />
        <QuantityPicker value={1} max={5} onChange={() => undefined} />
        <ConfirmDialog trigger={<Button>Remove</Button>} title="Remove it?" description="It goes." confirmLabel="Remove it" onConfirm={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Catalogue: previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Catalogue: next' })).toBeInTheDocument();
    expect(screen.getByText('Catalogue: 2/3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Catalogue: view all' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Catalogue: quantity' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Catalogue: cancel' })).toBeInTheDocument();
  });
});
