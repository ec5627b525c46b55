import { Check, Home, Loader2, LocateFixed, MapPin, MapPinOff, Warehouse as WarehouseIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/web/lib/cn';
import type { WarehouseRef } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import type { LocationDialog } from '../location-state';
import type { WarehouseSource } from '../selected-warehouse';
import { ZipFinderSlot } from './zip-finder-slot';

export interface LocationDialogsProps {
  dialog: LocationDialog | null;
  onChoose(warehouse: WarehouseRef, source: WarehouseSource): void;
  onDismiss(): void;
  onAddAddress(): void;
  onContinueWithoutLocation(): void;
  onAllowLocationAccess(): Promise<void>;
}

function WarehouseLines({ warehouse }: { warehouse: WarehouseRef }) {
  return (
    <>
      <span className="text-sm font-medium text-foreground">{warehouse.name}</span>
      <span className="text-xs text-muted-foreground">{warehouse.location}</span>
    </>
  );
}

function WarehouseOption({
  label,
  icon: Icon,
  warehouse,
  preselected,
  onSelect,
}: {
  label: string;
  icon: typeof Home;
  warehouse: WarehouseRef;
  preselected: boolean;
  onSelect: () => void;
}) {
  return (
    <Button
      variant="outline"
      data-autofocus={preselected ? '' : undefined}
      className={cn(
        'h-auto w-full items-start justify-start gap-3 p-4 text-left whitespace-normal',
        preselected && 'border-primary bg-primary/5',
      )}
      onClick={onSelect}
    >
      <Icon className="mt-0.5 size-5 text-primary" aria-hidden />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-semibold">{label}</span>
        <WarehouseLines warehouse={warehouse} />
        <span className="text-xs font-normal text-primary">{copy.location.withinRange}</span>
      </span>
    </Button>
  );
}

/** Either option chooses at once; the current location's is preselected (focused and highlighted). */
function ChooseWarehouse({
  locationWarehouse,
  addressWarehouse,
  onChoose,
}: {
  locationWarehouse: WarehouseRef;
  addressWarehouse: WarehouseRef;
  onChoose: LocationDialogsProps['onChoose'];
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.location.chooseTitle}</DialogTitle>
        <DialogDescription>{copy.location.chooseDescription}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <WarehouseOption
          label={copy.location.useCurrentLocation}
          icon={LocateFixed}
          warehouse={locationWarehouse}
          preselected
          onSelect={() => onChoose(locationWarehouse, 'current-location')}
        />
        <WarehouseOption
          label={copy.location.useSavedAddress}
          icon={Home}
          warehouse={addressWarehouse}
          preselected={false}
          onSelect={() => onChoose(addressWarehouse, 'address')}
        />
      </div>
    </>
  );
}

/** Every active warehouse with its location; each button chooses at once. The current one is marked and focused. */
export function WarehouseList({
  warehouses,
  currentId = null,
  onChoose,
}: {
  warehouses: readonly WarehouseRef[];
  currentId?: string | null;
  onChoose: (warehouse: WarehouseRef) => void;
}) {
  if (warehouses.length === 0) return <p className="text-sm text-muted-foreground">{copy.location.noWarehouses}</p>;
  return (
    <ul className="grid gap-2">
      {warehouses.map((warehouse) => {
        const current = warehouse.id === currentId;
        return (
          <li key={warehouse.id}>
            <Button
              variant="outline"
              aria-current={current ? 'true' : undefined}
              data-autofocus={current ? '' : undefined}
              className={cn('h-auto w-full justify-start gap-3 px-4 py-3 text-left whitespace-normal', current && 'border-primary bg-primary/5')}
              onClick={() => onChoose(warehouse)}
            >
              <WarehouseIcon className="size-5 text-primary" aria-hidden />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <WarehouseLines warehouse={warehouse} />
              </span>
              {current ? (
                <span className="flex items-center gap-1 text-xs font-medium text-primary">
                  <Check className="size-4" aria-hidden />
                  {copy.location.currentWarehouse}
                </span>
              ) : null}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function ServiceNotAvailable({ warehouses, onChoose }: { warehouses: WarehouseRef[]; onChoose: LocationDialogsProps['onChoose'] }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.location.notAvailableTitle}</DialogTitle>
        <DialogDescription>{copy.location.notAvailableDescription}</DialogDescription>
      </DialogHeader>
      <ZipFinderSlot onChoose={(warehouse) => onChoose(warehouse, 'list')} />
      <WarehouseList warehouses={warehouses} onChoose={(warehouse) => onChoose(warehouse, 'list')} />
    </>
  );
}

/** Step 4 shows the warehouse near the location; without a location only the address is asked for. */
function AddAddress({ locationWarehouse, onAddAddress, onDismiss }: { locationWarehouse: WarehouseRef | null; onAddAddress: () => void; onDismiss: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.location.addAddressTitle}</DialogTitle>
        <DialogDescription>{locationWarehouse ? copy.location.addAddressWithLocation : copy.location.addAddressWithoutLocation}</DialogDescription>
      </DialogHeader>
      {locationWarehouse ? (
        <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
          <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p className="grid min-w-0 gap-0.5">
            <span className="text-xs text-muted-foreground">{copy.location.nearestWarehouse}</span>
            <WarehouseLines warehouse={locationWarehouse} />
          </p>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDismiss}>
          {copy.location.notNow}
        </Button>
        <Button onClick={onAddAddress}>{copy.location.addMyAddress}</Button>
      </DialogFooter>
    </>
  );
}

/** When location is unavailable (no geolocation, services off) allowing cannot help, so only continuing is offered. */
function LocationAccess({
  unavailable,
  onAllow,
  onContinue,
}: {
  unavailable: boolean;
  onAllow: () => Promise<void>;
  onContinue: () => void;
}) {
  const [requesting, setRequesting] = useState(false);
  const allow = async () => {
    setRequesting(true);
    try {
      await onAllow();
    } finally {
      setRequesting(false);
    }
  };
  return (
    <>
      <DialogHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MapPinOff className="size-5" aria-hidden />
        </span>
        <DialogTitle>{copy.location.accessTitle}</DialogTitle>
        <DialogDescription>{unavailable ? copy.location.accessUnavailableDescription : copy.location.accessDescription}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant={unavailable ? 'default' : 'outline'} disabled={requesting} onClick={onContinue}>
          {copy.location.continueWithout}
        </Button>
        {unavailable ? null : (
          <Button busy={requesting} onClick={() => void allow()}>
            {requesting ? <Loader2 className="animate-spin" aria-hidden /> : <LocateFixed aria-hidden />}
            {requesting ? copy.location.requesting : copy.location.allowAccess}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

/** Focuses the preselected option, or else the dialog itself, so no other action looks chosen. */
export function focusPreselected(event: Event) {
  event.preventDefault();
  const content = event.currentTarget as HTMLElement | null;
  (content?.querySelector<HTMLElement>('[data-autofocus]') ?? content)?.focus();
}

/** The four warehouse dialogs; the check decides which one, if any, is open. */
export function LocationDialogs({ dialog, onChoose, onDismiss, onAddAddress, onContinueWithoutLocation, onAllowLocationAccess }: LocationDialogsProps) {
  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      {dialog ? (
        <DialogContent
          key={dialog.kind}
          onOpenAutoFocus={focusPreselected}
        >
          {dialog.kind === 'choose' ? (
            <ChooseWarehouse locationWarehouse={dialog.locationWarehouse} addressWarehouse={dialog.addressWarehouse} onChoose={onChoose} />
          ) : dialog.kind === 'not-available' ? (
            <ServiceNotAvailable warehouses={dialog.warehouses} onChoose={onChoose} />
          ) : dialog.kind === 'add-address' ? (
            <AddAddress locationWarehouse={dialog.locationWarehouse} onAddAddress={onAddAddress} onDismiss={onDismiss} />
          ) : (
            <LocationAccess unavailable={dialog.permission === 'unavailable'} onAllow={onAllowLocationAccess} onContinue={onContinueWithoutLocation} />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
