import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { WarehouseRef } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/lib/session';
import { createWarehouseCheckBoundary } from '../api/location-queries';
import {
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
import { LocationDialogs } from './location-dialogs';

function warnLocationPermission() {
  toast.warning(`${copy.location.permissionWarningTitle}: ${copy.location.permissionWarning}`);
}

/**
 * Picks the signed-in customer's delivery warehouse (SPEC §4) and shows the dialog the choice
 * needs. Staff do not shop and guests have no check.
 */
export function WarehouseCheck() {
  const auth = useAuth();
  const enabled = auth.status === 'signed-in' && auth.profile.role === 'customer';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saved = selectedWarehouseStore.use();
  const dialog = useLocationState((state) => state.dialog);
  const runner = useRef<WarehouseCheckRunner | null>(null);
  const previousSaved = useRef(saved);

  useEffect(() => {
    if (!enabled) return;
    const started = startWarehouseCheckRunner(createWarehouseCheckBoundary(queryClient), warnLocationPermission);
    runner.current = started;
    const stopListening = onRecheckRequested(() => started.rerun());
    return () => {
      stopListening();
      started.stop();
      runner.current = null;
      resetLocationState();
    };
  }, [enabled, queryClient]);

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

  return (
    <LocationDialogs
      dialog={enabled ? dialog : null}
      onChoose={(warehouse: WarehouseRef, source: WarehouseSource) => chooseWarehouse(warehouse, source)}
      onDismiss={dismissLocationDialog}
      onAddAddress={() => {
        dismissLocationDialog();
        void navigate(paths.accountAddresses);
      }}
      onContinueWithoutLocation={continueWithoutLocation}
      onAllowLocationAccess={async () => {
        await runner.current?.allowLocationAccess();
      }}
    />
  );
}
