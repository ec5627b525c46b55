import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import type { WarehouseRef } from '@/shared/contracts/locations';
import { nativeCopy } from '@/shared/copy';
import { OpenedOnce } from '@/web/components/ui/opened-once';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/lib/session';
import { createWarehouseCheckBoundary } from '../api/location-queries';
import {
  beginLocationSession,
  chooseWarehouse,
  closeLocationDialogs,
  continueWithoutLocation,
  dismissLocationDialog,
  onRecheckRequested,
  resetLocationState,
  useLocationState,
} from '../location-state';
import { selectedWarehouseStore, type WarehouseSource } from '../selected-warehouse';
import { startWarehouseCheckRunner, type WarehouseCheckRunner } from '../warehouse-check-runner';
import { addAddressRequest } from '../add-address-request';
import { lazyWhenOnline } from '@/web/lib/lazy-when-online';

// The dialogs load when the check first asks something: most visits never see one.
const LocationDialogs = lazyWhenOnline(() => import('./location-dialogs').then((module) => ({ default: module.LocationDialogs })));

function warnLocationPermission() {
  toast.warning(nativeCopy.locationAccess);
}

/**
 * Picks the signed-in customer's delivery warehouse (SPEC §4) and shows the dialog the choice
 * needs. Staff do not shop and guests have no check.
 */
export function WarehouseCheck() {
  const auth = useAuth();
  const customerId = auth.status === 'signed-in' && auth.profile.role === 'customer' ? auth.user.id : null;
  const enabled = customerId !== null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const saved = selectedWarehouseStore.use();
  const dialog = useLocationState((state) => state.dialog);
  const runner = useRef<WarehouseCheckRunner | null>(null);
  const previousSaved = useRef(saved);
  // The account page holds the very form 'Add Your Address' asks for, so the dialog would cover it.
  // It is set aside there (not answered): the check goes on and asks again on another page.
  const onAccountPage = pathname === paths.account;
  const addressAsked = dialog?.kind === 'add-address';

  useEffect(() => {
    if (onAccountPage && addressAsked) closeLocationDialogs();
  }, [onAccountPage, addressAsked]);

  useEffect(() => {
    if (!customerId) return;
    beginLocationSession(customerId);
    const started = startWarehouseCheckRunner(createWarehouseCheckBoundary(queryClient), warnLocationPermission);
    runner.current = started;
    const stopListening = onRecheckRequested(() => started.rerun());
    return () => {
      stopListening();
      started.stop();
      runner.current = null;
      resetLocationState();
    };
  }, [customerId, queryClient]);

  // Step 1 when a warehouse gets saved (here or in another tab); step 8 when it is cleared.
  useEffect(() => {
    const hadSaved = previousSaved.current !== null;
    previousSaved.current = saved;
    if (saved) {
      closeLocationDialogs();
    } else if (hadSaved) {
      runner.current?.rerun();
    }
  }, [saved]);

  const shown = enabled && !(onAccountPage && addressAsked) ? dialog : null;
  return (
    <OpenedOnce open={shown !== null}>
      <LocationDialogs
        dialog={shown}
        onChoose={(warehouse: WarehouseRef, source: WarehouseSource) => chooseWarehouse(warehouse, source)}
        onDismiss={dismissLocationDialog}
        onAddAddress={() => {
          dismissLocationDialog();
          void navigate(paths.accountAddresses, { state: addAddressRequest });
        }}
        onContinueWithoutLocation={continueWithoutLocation}
        onAllowLocationAccess={async () => {
          await runner.current?.allowLocationAccess();
        }}
      />
    </OpenedOnce>
  );
}
