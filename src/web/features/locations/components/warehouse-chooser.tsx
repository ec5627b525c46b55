import { useQuery } from '@tanstack/react-query';
import { Loader2, LocateFixed } from 'lucide-react';
import type { WarehouseRef } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { activeWarehousesQuery } from '../api/location-queries';
import { focusPreselected, WarehouseList } from './location-dialogs';
import { ZipFinderSlot } from './zip-finder-slot';

export interface WarehouseChooserProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The warehouse browsed now, marked in the list. */
  currentId: string | null;
  onChoose(warehouse: WarehouseRef): void;
  /** A customer may hand the choice back to the warehouse check (step 8); guests have no check. */
  onDecideForMe?: () => void;
}

/**
 * Every active warehouse with its location, as in 'Service Not Available'; picking one chooses it.
 * Loaded on its first opening (`WarehouseChip`), whose button focus goes back to when it closes.
 */
export function WarehouseChooser({ open, onOpenChange, currentId, onChoose, onDecideForMe }: WarehouseChooserProps) {
  const warehouses = useQuery({ ...activeWarehousesQuery, enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
