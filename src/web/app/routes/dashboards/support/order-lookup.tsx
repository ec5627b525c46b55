import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { StaffOrderRow } from '@/shared/contracts/staff';
import { supportCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { EmailAddress } from '@/web/components/ui/email-address';
import { ListSearchForm } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { formatDateTime } from '@/web/lib/format-time';
import { DashboardPage } from '../dashboard-page';

const text = supportCopy.lookup;
const PAGE_SIZE = 20;

/**
 * Support's look-up: every order by number, email or name; choosing a customer lists their history.
 * The search lives in the address, so a link to a customer's history can be shared and reopened.
 */
export function SupportOrdersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const customerId = params.get('customer') ?? '';
  const customerName = params.get('name') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const searching = q !== '' || customerId !== '';
  const orders = useQuery({
    ...staffOrdersQuery({ view: 'all', q: customerId ? undefined : q || undefined, customerProfileId: customerId || undefined, page, pageSize: PAGE_SIZE }),
    enabled: searching,
  });

  function showHistory(row: StaffOrderRow) {
    setParams({ customer: row.customer.profileId, name: row.customer.name });
  }

  return (
    <DashboardPage title={text.title} description={text.description}>
      {/* The label stands above the field: a placeholder would be cut short in a phone-wide field. */}
      <div className="max-w-xl">
        <ListSearchForm key={q} label={text.search} button={text.searchButton} defaultValue={q} onSearch={(value) => setParams(value ? { q: value } : {})} />
      </div>
      {customerId ? (
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{text.history(customerName)}</h2>
          <Button variant="outline" className="h-10" onClick={() => setParams({})}>
            {text.backToSearch}
          </Button>
        </div>
      ) : null}
      {!searching ? (
        <p className="text-muted-foreground">{text.prompt}</p>
      ) : orders.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : orders.isError ? (
        <QueryError title={text.loadError} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{text.empty}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{customerId ? text.history(customerName) : text.title}</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="p-2">{text.columns.order}</th>
                  <th scope="col" className="hidden p-2 sm:table-cell">{text.columns.placed}</th>
                  <th scope="col" className="p-2">{text.columns.customer}</th>
                  <th scope="col" className="p-2">{text.columns.status}</th>
                  <th scope="col" className="hidden p-2 text-right sm:table-cell">{text.columns.total}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((row) => (
                  <tr key={row.id} className="border-t align-top">
                    <td className="p-2">
                      <Link to={paths.supportOrder(row.id)} className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline">
                        {row.orderNumber}
                      </Link>
                    </td>
                    <td className="hidden p-2 sm:table-cell">
                      <time dateTime={row.placedAt}>{formatDateTime(row.placedAt, row.timeZone)}</time>
                    </td>
                    <td className="p-2 break-words">
                      {customerId ? (
                        row.customer.name
                      ) : (
                        <Button variant="link" className="h-auto min-h-10 p-0 text-left whitespace-normal" aria-label={text.showHistory(row.customer.name)} onClick={() => showHistory(row)}>
                          {row.customer.name}
                        </Button>
                      )}
                      <EmailAddress email={row.customer.email} className="block text-xs text-muted-foreground" />
                    </td>
                    <td className="p-2">
                      <OrderStatusBadge status={row.status} partlyRefunded={row.partlyRefunded} />
                    </td>
                    <td className="hidden p-2 text-right tabular-nums sm:table-cell">{formatMoney(row.totalAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageCount={Math.ceil(orders.data.total / PAGE_SIZE)}
            onPageChange={(next) => setParams((current) => {
              const updated = new URLSearchParams(current);
              updated.set('page', String(next));
              return updated;
            })}
          />
        </>
      )}
    </DashboardPage>
  );
}
