import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, MapPin } from 'lucide-react';
import { useState } from 'react';
import { copy } from '@/shared/copy';
import { dialogOpenerProps, OpenedOnce } from '@/web/components/ui/opened-once';
import { useAuth } from '@/web/lib/session';
import { activeWarehousesQuery } from '../api/location-queries';
import { changeDeliveryWarehouse, chooseWarehouse } from '../location-state';
import { useBrowsingWarehouse } from '../selected-warehouse';
import { loadZipFinder } from './zip-finder-slot';
import { lazyWhenOnline } from '@/web/lib/lazy-when-online';

const loadWarehouseChooser = () => import('./warehouse-chooser').then((module) => ({ default: module.WarehouseChooser }));
const WarehouseChooser = lazyWhenOnline(loadWarehouseChooser);

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
  // The list, the ZIP code form and the chooser itself are usually there by the time it opens.
  const prepare = () => void Promise.all([queryClient.prefetchQuery(activeWarehousesQuery), loadZipFinder(), loadWarehouseChooser()]);
  return (
    <>
      <button
        type="button"
        aria-label={`${copy.location.changeWarehouse} (${name})`}
        className="flex min-h-11 min-w-0 items-center gap-1 rounded-md px-1.5 text-sm text-muted-foreground md:min-h-9 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        {...dialogOpenerProps(open)}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => setOpen(true)}
      >
        {content}
        <ChevronDown className="hidden size-3.5 shrink-0 sm:block" aria-hidden />
      </button>
      <OpenedOnce open={open}>
        <WarehouseChooser
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
      </OpenedOnce>
    </>
  );
}
