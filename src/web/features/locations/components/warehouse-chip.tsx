import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Loader2, LocateFixed, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { WarehouseRef } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { useAuth } from '@/web/lib/session';
import { activeWarehousesQuery } from '../api/location-queries';
import { changeDeliveryWarehouse, chooseWarehouse } from '../location-state';
import { useBrowsingWarehouse } from '../selected-warehouse';
import { focusPreselected, WarehouseList } from './location-dialogs';
import { loadZipFinder, ZipFinderSlot } from './zip-finder-slot';

export interface WarehouseChooserProps {
  /** The control that opens it: focus goes back to it when the chooser closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The warehouse browsed now, marked in the list. */
  currentId: string | null;
  onChoose(warehouse: WarehouseRef): void;
  /** A customer may hand the choice back to the warehouse check (step 8); guests have no check. */
  onDecideForMe?: () => void;
}

/** Every active warehouse with its location, as in 'Service Not Available'; picking one chooses it. */
export function WarehouseChooser({ trigger, open, onOpenChange, currentId, onChoose, onDecideForMe }: WarehouseChooserProps) {
  const warehouses = useQuery({ ...activeWarehousesQuery, enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent onOpenAutoFocus={focusPreselected}>
        <DialogHeader>
          <DialogTitle>{copy.location.pickTitle}</DialogTitle>
          <DialogDescription>{copy.location.pickDescription}</DialogDescription>
        </DialogHeader>
        <ZipFinderSlot onChoose={onChoose} />
        {warehouses.data ? (
          // Nothing chosen, a shopper browses the server's default warehouse (PRODUCT.md): that one is current.
          <WarehouseList warehouses={warehouses.data} currentId={currentId ?? warehouses.data.find((warehouse) => warehouse.isDefault)?.id ?? null} onChoose={onChoose} />
        ) : warehouses.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">{copy.location.warehousesFailed}</span>
            <Button size="sm" variant="outline" onClick={() => void warehouses.refetch()}>
              {copy.location.tryAgain}
            </Button>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {copy.location.warehousesLoading}
          </p>
        )}
        {onDecideForMe ? (
          <DialogFooter>
            <Button variant="ghost" onClick={onDecideForMe}>
              <LocateFixed aria-hidden />
              {copy.location.decideForMe}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The header's delivery warehouse: the chosen one, else the one serving the device's position,
 * else the default label. Shoppers (guests and customers) open the chooser from it; staff, who do
 * not shop, see the name only.
 */
export function WarehouseChip() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const warehouse = useBrowsingWarehouse();
  const [open, setOpen] = useState(false);
  const name = warehouse?.name ?? copy.app.defaultWarehouseLabel;
  const isCustomer = auth.status === 'signed-in' && auth.profile.role === 'customer';
  const shops = auth.status === 'signed-out' || isCustomer;
  const content = (
    <>
      <MapPin className="size-4 shrink-0 text-primary" aria-hidden />
      <span data-testid="warehouse-label" className="max-w-[9rem] min-w-0 truncate font-medium text-foreground">
        {name}
      </span>
    </>
  );
  if (!shops) {
    return (
      <div className="flex items-center gap-1 text-sm text-muted-foreground" aria-label={copy.location.deliveryWarehouse}>
        {content}
      </div>
    );
  }
  return (
    <WarehouseChooser
      trigger={
        <button
          type="button"
          aria-label={`${copy.location.changeWarehouse} (${name})`}
          className="flex min-h-11 min-w-0 items-center gap-1 rounded-md px-1.5 text-sm text-muted-foreground md:min-h-9 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          // The list and the ZIP code form are usually there by the time the chooser opens.
          onPointerEnter={() => void Promise.all([queryClient.prefetchQuery(activeWarehousesQuery), loadZipFinder()])}
          onFocus={() => void Promise.all([queryClient.prefetchQuery(activeWarehousesQuery), loadZipFinder()])}
        >
          {content}
          <ChevronDown className="hidden size-3.5 shrink-0 sm:block" aria-hidden />
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      currentId={warehouse?.id ?? null}
      onChoose={(chosen) => {
        chooseWarehouse(chosen, 'list');
        setOpen(false);
      }}
      onDecideForMe={
        isCustomer
          ? () => {
              setOpen(false);
              changeDeliveryWarehouse();
            }
          : undefined
      }
    />
  );
}
