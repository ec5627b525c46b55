import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminWarehouse } from '@/shared/contracts/locations';
import { warehouseAdminCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { ListSearchForm } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { WarehouseForm } from '@/web/features/warehouses/warehouse-form';
import { adminWarehousesQuery } from '@/web/features/warehouses/warehouse-queries';
import { paths } from '@/web/config/paths';
import { useListFilters } from '@/web/lib/use-list-filters';
import { DashboardPage } from '../dashboard-page';

const text = warehouseAdminCopy;
const PAGE_SIZE = 25;

/** The admin's warehouses: searched and paged on the server, created and edited in a dialog. */
export function AdminWarehousesPage() {
  const { filters, setFilter, page, setPage } = useListFilters({ q: '' });
  const { q } = filters;
  // null: closed; 'new': creating; a warehouse: editing it.
  const [editing, setEditing] = useState<AdminWarehouse | 'new' | null>(null);
  const list = useQuery(adminWarehousesQuery({ q: q || undefined, page, pageSize: PAGE_SIZE }));

  const current = editing === 'new' ? null : editing;
  return (
    <DashboardPage title={text.title} description={text.description}>
      <div className="flex flex-wrap items-end gap-2">
        <ListSearchForm label={text.search} button={text.searchButton} buttonVariant="outline" onSearch={(value) => setFilter('q', value)} />
        <Button className="h-10" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> {text.add}
        </Button>
      </div>
      {list.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <QueryError title={text.loadError} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.warehouses.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{text.empty}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{text.title}</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="p-2">{text.columns.name}</th>
                  <th scope="col" className="hidden p-2 md:table-cell">{text.columns.address}</th>
                  <th scope="col" className="hidden p-2 sm:table-cell">{text.columns.delivery}</th>
                  <th scope="col" className="hidden p-2 lg:table-cell">{text.columns.staff}</th>
                  <th scope="col" className="p-2">{text.columns.status}</th>
                  <th scope="col" className="p-2 text-right">{text.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.warehouses.map((warehouse) => (
                  <tr key={warehouse.id} className="border-t align-middle">
                    <td className="p-2 font-medium break-words">{warehouse.name}</td>
                    <td className="hidden p-2 md:table-cell">
                      {warehouse.streetAddress}, {warehouse.city}, {warehouse.state} {warehouse.zipCode}
                    </td>
                    <td className="hidden p-2 sm:table-cell">{text.deliverySummary(warehouse.deliveryRadiusMiles, formatMoney(warehouse.deliveryFeeCents))}</td>
                    <td className="hidden p-2 lg:table-cell">
                      {text.staffSummary(warehouse.staff.filter((member) => member.role === 'manager').length, warehouse.staff.filter((member) => member.role === 'driver').length)}
                    </td>
                    <td className="p-2">
                      <Badge tone={warehouse.active ? 'success' : 'muted'}>{warehouse.active ? text.active : text.inactive}</Badge>
                    </td>
                    <td className="p-2">
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="outline" size="sm" className="h-10">
                          <Link to={paths.adminWarehouseStock(warehouse.id)} aria-label={text.stock(warehouse.name)}>
                            {text.stockLink}
                          </Link>
                        </Button>
                        <Button variant="outline" size="icon" className="size-10" aria-label={text.edit(warehouse.name)} onClick={() => setEditing(warehouse)}>
                          <Pencil aria-hidden />
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.ceil(list.data.total / PAGE_SIZE)} onPageChange={setPage} />
        </>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{current ? text.edit(current.name) : text.form.newTitle}</DialogTitle>
            <DialogDescription>{text.form.description}</DialogDescription>
          </DialogHeader>
          {editing !== null ? <WarehouseForm key={current?.id ?? 'new'} warehouse={current} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </DashboardPage>
  );
}
