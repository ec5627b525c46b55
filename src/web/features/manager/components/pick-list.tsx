import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClipboardList, Printer } from 'lucide-react';
import type { PickLine, PickList as PickListData } from '@/shared/contracts/manager';
import { managerCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { PageSpinner } from '@/web/components/ui/spinner';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { pickListQuery } from '../api/manager-queries';
import { UnavailableLineDialog } from './unavailable-line-dialog';

const copy = managerCopy.pickList;

// On paper only the list itself: the dashboard around it, the chooser and the buttons stay on screen.
const printStyles = `@media print {
  body * { visibility: hidden; }
  #pick-sheet, #pick-sheet * { visibility: visible; }
  #pick-sheet { position: absolute; inset: 0; padding: 0; }
}`;

function LineState({ line }: { line: PickLine }) {
  if (line.fulfilment === 'substituted' && line.substitute) {
    return <span className="font-medium text-amber-800 dark:text-amber-300">{copy.substituted(line.unavailableQuantity, `${line.substitute.name} (${formatMoney(line.substitute.unitPrice)})`)}</span>;
  }
  if (line.fulfilment === 'refunded') return <span className="font-medium text-amber-800 dark:text-amber-300">{copy.refunded(line.unavailableQuantity)}</span>;
  return <span className="text-muted-foreground">{copy.asOrdered}</span>;
}

/**
 * The chosen orders' lines by aisle, each with a box to tick on screen (or on paper, where it prints
 * as a box) and, while picking, a way to mark it unavailable.
 */
function PickSheet({ data, picked, onPickedChange }: { data: PickListData; picked: ReadonlySet<string>; onPickedChange(lineId: string, on: boolean): void }) {
  const editable = new Set(data.orders.filter((order) => order.editable).map((order) => order.id));
  const customers = new Map(data.orders.map((order) => [order.id, { name: order.customerName, phone: order.customerPhone }]));
  return (
    <div id="pick-sheet" className="grid gap-6">
      <ul className="flex flex-wrap gap-2 text-sm">
        {data.orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border px-3 py-1.5">
            <span className="font-semibold whitespace-nowrap">{order.orderNumber}</span>
            <span className="text-muted-foreground">{order.customerName}</span>
            <OrderStatusBadge status={order.status} />
          </li>
        ))}
      </ul>
      {data.aisles.map((aisle, index) => (
        <section key={aisle.name} aria-labelledby={`aisle-${index}`} className="grid gap-2 break-inside-avoid">
          <h2 id={`aisle-${index}`} className="text-lg font-semibold">
            {copy.aisle}: {aisle.name}
          </h2>
          <table className="w-full text-sm max-md:block">
            <thead className="max-md:sr-only">
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="w-12 px-0.5 py-1.5 font-medium">{copy.picked}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{copy.item}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{copy.quantity}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{copy.order}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{copy.preference}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{copy.state}</th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-2">
              {aisle.lines.map((line) => (
                <tr
                  key={line.lineId}
                  className="border-b has-[:checked]:bg-muted/50 max-md:grid max-md:grid-cols-[2.75rem_1fr] max-md:gap-x-2 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:p-3"
                >
                  <td className="px-0.5 py-0.5 align-top max-md:row-span-5 max-md:p-0">
                    <label className="flex size-11 cursor-pointer items-center justify-center">
                      <input
                        type="checkbox"
                        className="size-5 cursor-pointer accent-primary"
                        checked={picked.has(line.lineId)}
                        onChange={(event) => onPickedChange(line.lineId, event.target.checked)}
                        aria-label={copy.pickedLine(line.name, line.orderNumber)}
                      />
                    </label>
                  </td>
                  <td className="px-2 py-2 align-top max-md:p-0">
                    <span className="font-medium break-words">{line.name}</span>
                    {line.detail ? <span className="block text-xs text-muted-foreground">{line.detail}</span> : null}
                    {line.stockQuantity !== null ? <span className="block text-xs text-muted-foreground print:hidden">{copy.onShelf(line.stockQuantity)}</span> : null}
                  </td>
                  <td className="px-2 py-2 align-top text-base font-semibold tabular-nums max-md:p-0">
                    <span className="md:sr-only text-xs font-normal text-muted-foreground">{copy.quantity} </span>×{line.quantity}
                  </td>
                  <td className="px-2 py-2 align-top max-md:p-0">{line.orderNumber}</td>
                  <td className="px-2 py-2 align-top max-md:p-0">
                    <span className="md:sr-only text-xs text-muted-foreground">{copy.preference}: </span>
                    {line.substitution ? copy.preferences[line.substitution] : copy.preferences.refund}
                  </td>
                  <td className="px-2 py-2 align-top max-md:p-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <LineState line={line} />
                      {editable.has(line.orderId) && line.fulfilment === 'as_ordered' ? <UnavailableLineDialog line={line} customer={customers.get(line.orderId)!} /> : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

/** Confirmed and picking grocery orders, those a pick list is made of, each on the server's filters. */
function useOrdersToPick() {
  const confirmed = useQuery(staffOrdersQuery({ view: 'active', type: 'grocery', status: 'confirmed', pageSize: 50 }));
  const picking = useQuery(staffOrdersQuery({ view: 'active', type: 'grocery', status: 'processing', pageSize: 50 }));
  return {
    rows: confirmed.data && picking.data ? [...picking.data.orders, ...confirmed.data.orders] : undefined,
    isPending: confirmed.isPending || picking.isPending,
    error: confirmed.error ?? picking.error,
    refetch: () => void Promise.all([confirmed.refetch(), picking.refetch()]),
  };
}

/** The orders to choose from; nothing when there are none, which the page says in its place. */
function OrderChooser({ orders, selected, onChange }: { orders: ReturnType<typeof useOrdersToPick>; selected: string[]; onChange(orderIds: string[]): void }) {
  if (orders.isPending) return <PageSpinner />;
  if (!orders.rows) return <QueryError compact error={orders.error} onRetry={orders.refetch} />;
  const rows = orders.rows;
  if (rows.length === 0) return null;
  const toggle = (orderId: string, on: boolean) => onChange(on ? [...selected, orderId] : selected.filter((id) => id !== orderId));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{copy.orders}</legend>
      <div className="flex flex-wrap gap-2">
        {rows.map((row) => (
          <label key={row.id} className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:checked]:border-primary">
            <input type="checkbox" className="size-4" checked={selected.includes(row.id)} onChange={(event) => toggle(row.id, event.target.checked)} />
            <span className="font-medium">{row.orderNumber}</span>
            <OrderStatusBadge status={row.status} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The pick list page's body: choose orders, read and print their lines by aisle. */
export function PickList({ orderIds, onOrdersChange }: { orderIds: string[]; onOrdersChange(orderIds: string[]): void }) {
  const query = useQuery(pickListQuery(orderIds));
  const orders = useOrdersToPick();
  // Ticks are the picker's own progress, kept while the page is open; the server does not track picking.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const setLinePicked = (lineId: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
  return (
    <div className="grid gap-6">
      <style>{printStyles}</style>
      <div className="flex flex-wrap items-start gap-4 print:hidden">
        <div className="min-w-0 flex-1">
          <OrderChooser orders={orders} selected={orderIds} onChange={onOrdersChange} />
        </div>
        <Button variant="outline" className="h-10" onClick={() => window.print()} disabled={!query.data}>
          <Printer aria-hidden /> {copy.print}
        </Button>
      </div>
      {orderIds.length === 0 ? (
        <EmptyState icon={ClipboardList} title={orders.rows?.length === 0 ? copy.noOrders : copy.chooseOrders} />
      ) : query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PickSheet data={query.data} picked={picked} onPickedChange={setLinePicked} />
      )}
    </div>
  );
}
