import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { ListSearchField, ListState, ListTable } from './list-state';

interface Page {
  rows: { id: string; name: string; total: string }[];
}

/** A list page over a real query whose answers the test hands out one by one. */
function renderList(answers: (() => Promise<Page>)[], options: { emptyIcon?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let call = 0;
  function Rows() {
    const query = useQuery({ queryKey: ['rows'], queryFn: () => answers[Math.min(call++, answers.length - 1)]!() });
    return (
      <ListState
        query={query}
        items={(page) => page.rows}
        what="rows"
        errorTitle="The rows could not be loaded"
        empty="Nothing here yet."
        emptyIcon={options.emptyIcon ? Inbox : undefined}
        skeleton={{ rows: 4 }}
      >
        {(rows) => (
          <ListTable caption="Rows" columns={[{ label: 'Name' }, { label: 'Total', align: 'right' }, { label: 'Actions', hidden: true }]}>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td>{row.total}</td>
                <td />
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
    );
  }
  return { client, ...render(<QueryClientProvider client={client}><Rows /></QueryClientProvider>) };
}

const page = (...names: string[]): Page => ({ rows: names.map((name, index) => ({ id: String(index), name, total: `$${index}.00` })) });

describe('ListState', () => {
  it('shows placeholder rows while loading, then the table with its header', async () => {
    let answer!: (value: Page) => void;
    renderList([() => new Promise<Page>((resolve) => (answer = resolve))]);
    const loading = screen.getByLabelText('Loading rows');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading.children).toHaveLength(4);

    answer(page('Apples', 'Pears'));
    const table = await screen.findByRole('table', { name: 'Rows' });
    expect(screen.queryByLabelText('Loading rows')).not.toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Total', 'Actions']);
    expect(headers[1]).toHaveClass('text-right');
    expect(within(headers[2]!).getByText('Actions')).toHaveClass('sr-only');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('says when the list is empty, compact or with its icon', async () => {
    const compact = renderList([async () => page()]);
    expect(await screen.findByText('Nothing here yet.')).toHaveClass('border-dashed');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    compact.unmount();

    renderList([async () => page()], { emptyIcon: true });
    expect(await screen.findByRole('heading', { name: 'Nothing here yet.' })).toBeInTheDocument();
  });

  it('shows a failed first load with a retry that loads the list', async () => {
    renderList([() => Promise.reject(new Error('Connection refused')), async () => page('Apples')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rows could not be loaded');
    expect(alert).toHaveTextContent('Connection refused');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Apples' })).toBeInTheDocument();
  });

  it('keeps the rows it has when a later refresh fails', async () => {
    const { client } = renderList([async () => page('Apples'), () => Promise.reject(new Error('Connection refused'))]);
    expect(await screen.findByRole('cell', { name: 'Apples' })).toBeInTheDocument();
    await client.refetchQueries({ queryKey: ['rows'] });
    expect(client.getQueryState(['rows'])?.status).toBe('error');
    expect(screen.getByRole('cell', { name: 'Apples' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ListSearchField', () => {
  it('is a labelled search box that reports what is typed', async () => {
    const typed: string[] = [];
    render(<ListSearchField id="search" label="Search orders" value="" onChange={(value) => typed.push(value)} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'a');
    expect(typed).toEqual(['a']);
  });
});
