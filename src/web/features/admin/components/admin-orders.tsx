import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { orderStatuses, type OrderStatus } from '@/shared/order-status';
import { orderCopy } from '@/shared/copy';
import { adminCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { EmailAddress } from '@/web/components/ui/email-address';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ListSearchField, ListState, ListTable } from '@/web/components/ui/list-state';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { activeWarehousesQuery } from '@/web/features/locations/api/location-queries';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import type { StreamState } from '@/web/lib/event-stream';
import { formatDateTime } from '@/web/lib/format-time';
import { kitchenOptionsQuery } from '../api/kitchen-options';
import { useDebouncedValue } from './use-debounced-value';

const copy = adminCopy.orders;
const PAGE_SIZE = 25;
const orderColumns = [
  { label: copy.order },
  { label: copy.placed },
  { label: copy.customer },
  { label: copy.source },
  { label: copy.status },
  { label: copy.total, align: 'right' as const },
];

interface Filters {
  status: OrderStatus | '';
  warehouseId: string;
  kitchenId: string;
  from: string;
  to: string;
}

const noFilters: Filters = { status: '', warehouseId: '', kitchenId: '', from: '', to: '' };

/**
 * Every order: filtered by status, warehouse, kitchen and day, searched and paged on the server. The
 * page keeps it live through the staff feed and passes the feed's state.
 */
export function AdminOrders({ orderHref, live }: { orderHref: (orderId: string) => string; live: StreamState }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 300);
  const warehouses = useQuery(activeWarehousesQuery);
  const kitchens = useQuery(kitchenOptionsQuery);
  const orders = useQuery(
    staffOrdersQuery({
      view: 'all',
      q: q || undefined,
      status: filters.status || undefined,
      warehouseId: filters.warehouseId || undefined,
      kitchenId: filters.kitchenId || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page,
      pageSize: PAGE_SIZE,
    }),
  );
  const data = orders.data;

  function filter<K extends keyof Filters>(key: K, value: Filters[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <LiveStatus state={live} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <ListSearchField
          id="orders-search"
          label={copy.search}
          className="sm:col-span-2 lg:col-span-3"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="orders-status">{copy.status}</Label>
          <NativeSelect id="orders-status" value={filters.status} onChange={(event) => filter('status', event.target.value as OrderStatus | '')}>
            <option value="">{copy.anyStatus}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {orderCopy.statuses[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-warehouse">{copy.warehouse}</Label>
          <NativeSelect id="orders-warehouse" value={filters.warehouseId} onChange={(event) => filter('warehouseId', event.target.value)}>
            <option value="">{copy.anyWarehouse}</option>
            {(warehouses.data ?? []).map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-kitchen">{copy.kitchen}</Label>
          <NativeSelect id="orders-kitchen" value={filters.kitchenId} onChange={(event) => filter('kitchenId', event.target.value)}>
            <option value="">{copy.anyKitchen}</option>
            {(kitchens.data ?? []).map((kitchen) => (
              <option key={kitchen.id} value={kitchen.id}>
                {kitchen.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-from">{copy.from}</Label>
          <Input id="orders-from" type="date" value={filters.from} onChange={(event) => filter('from', event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-to">{copy.to}</Label>
          <Input id="orders-to" type="date" value={filters.to} onChange={(event) => filter('to', event.target.value)} />
        </div>
        <div className="flex items-end">
          <Button
            variant="outline"
            className="min-h-10"
            onClick={() => {
              setFilters(noFilters);
              setSearch('');
              setPage(1);
            }}
          >
            {copy.clear}
          </Button>
        </div>
      </div>

      <ListState query={orders} items={(answer) => answer.orders} what={copy.listed} errorTitle={copy.loadFailed} empty={copy.empty} emptyIcon={ClipboardList} skeleton={{ rows: 6 }}>
        {(list) => (
          <ListTable caption={copy.title} minWidth="md:min-w-[40rem]" columns={orderColumns}>
            {list.map((order) => (
              <tr key={order.id} className="border-t">
                <td className="p-3" data-label={copy.order}>
                  <Link to={orderHref(order.id)} className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline">
                    {order.orderNumber}
                  </Link>
                </td>
                <td className="p-3" data-label={copy.placed}>
                  <time dateTime={order.placedAt}>{formatDateTime(order.placedAt, order.timeZone)}</time>
                </td>
                <td className="p-3" data-label={copy.customer}>
                  <div>
                    <p>{order.customer.name}</p>
                    <EmailAddress email={order.customer.email} className="block text-muted-foreground" />
                  </div>
                </td>
                <td className="p-3" data-label={copy.source}>{order.kitchen?.name ?? order.warehouse.name}</td>
                <td className="p-3" data-label={copy.status}>
                  <OrderStatusBadge status={order.status} partlyRefunded={order.partlyRefunded} />
                </td>
                <td className="p-3 text-right tabular-nums" data-label={copy.total}>{formatMoney(order.totalAmount)}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
      {data ? <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
    </div>
  );
}
