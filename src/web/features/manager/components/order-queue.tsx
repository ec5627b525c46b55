import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Actor } from '@/shared/access';
import type { StaffOrderRow } from '@/shared/contracts/staff';
import { addressCopy, orderCopy } from '@/shared/copy';
import { managerCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { allowedTransitions, canAssignDriver, type OrderStatus } from '@/shared/order-status';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import type { StreamState } from '@/web/lib/event-stream';
import { formatTime } from '@/web/lib/format-time';
import type { ManagedWarehouse } from '../hooks/use-managed-warehouses';
import { ManagerOrderActions } from './manager-order-actions';

const copy = managerCopy.queue;
const activeStatuses: OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery'];
const PAGE_SIZE = 20;

function factsOf(row: StaffOrderRow) {
  return {
    type: row.type,
    status: row.status,
    customerProfileId: row.customer.profileId,
    warehouseId: row.warehouse.id,
    kitchenId: row.kitchen?.id ?? null,
    driverProfileId: row.driver?.profileId ?? null,
  };
}

function QueueOrder({ row, actor }: { row: StaffOrderRow; actor: Actor }) {
  const facts = factsOf(row);
  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">
          <Link to={paths.managerOrder(row.id)} className="underline-offset-4 hover:underline">
            {row.orderNumber}
          </Link>
        </h2>
        <OrderStatusBadge status={row.status} />
        <span className="ml-auto font-semibold tabular-nums">{formatMoney(row.totalAmount)}</span>
      </div>
      <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
        <div>
          <dt className="sr-only">{copy.fields.customer}</dt>
          <dd className="text-foreground">{row.customer.name}</dd>
        </div>
        <div>
          <dt className="sr-only">{copy.fields.items}</dt>
          <dd>
            {copy.items(row.itemCount)} · {copy.placedAt(formatTime(row.placedAt, row.timeZone))}
            {row.kitchen ? ` · ${row.kitchen.name}` : ''}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{copy.fields.dropOff}</dt>
          <dd className="break-words">{row.dropOff}</dd>
        </div>
        {row.deliveryInstructions ? (
          <div>
            <dt className="inline font-medium text-foreground">{addressCopy.deliveryInstructions}: </dt>
            <dd className="inline whitespace-pre-wrap break-words">{row.deliveryInstructions}</dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">{copy.fields.driver}</dt>
          <dd>{row.driver ? copy.driver(row.driver.name) : copy.noDriver}</dd>
        </div>
      </dl>
      {row.driverNotes ? <p className="text-sm break-words">“{row.driverNotes}”</p> : null}
      <ManagerOrderActions
        order={{ id: row.id, orderNumber: row.orderNumber, type: row.type, status: row.status, warehouseId: row.warehouse.id, driverProfileId: facts.driverProfileId }}
        transitions={allowedTransitions({ viewer: actor, order: facts })}
        assignDriver={canAssignDriver({ viewer: actor, order: facts })}
      />
    </li>
  );
}

/**
 * The queue of the manager's warehouses: active orders oldest first, filtered on the server by
 * warehouse and status. The page keeps it live with the staff feed (`live` is the feed's state).
 */
export function OrderQueue({ warehouses, actor, live }: { warehouses: ManagedWarehouse[]; actor: Actor; live: StreamState }) {
  const [warehouseId, setWarehouseId] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useQuery(
    staffOrdersQuery({ view: 'active', warehouseId: warehouseId || undefined, status: status || undefined, page, pageSize: PAGE_SIZE }),
  );
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        {warehouses.length > 1 ? (
          <label className="grid gap-1 text-sm font-medium">
            {copy.warehouse}
            <NativeSelect
              value={warehouseId}
              onChange={(event) => {
                setWarehouseId(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{copy.allWarehouses}</option>
              {warehouses.map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.name}
                </option>
              ))}
            </NativeSelect>
          </label>
        ) : null}
        <label className="grid gap-1 text-sm font-medium">
          {copy.status}
          <NativeSelect
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | '');
              setPage(1);
            }}
          >
            <option value="">{copy.allStatuses}</option>
            {activeStatuses.map((option) => (
              <option key={option} value={option}>
                {orderCopy.statuses[option]}
              </option>
            ))}
          </NativeSelect>
        </label>
        <span className="ml-auto">
          <LiveStatus state={live} />
        </span>
      </div>
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.orders.length === 0 ? (
        <EmptyState icon={Inbox} title={copy.empty} />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {query.data.orders.map((row) => (
            <QueueOrder key={row.id} row={row} actor={actor} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}
