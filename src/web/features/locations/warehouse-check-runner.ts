import { WAREHOUSE_RECHECK_MS } from '@/shared/locations';
import {
  chooseWarehouse,
  closeLocationDialogs,
  forgetDismissedDialogs,
  getLocationState,
  markPermissionAsked,
  markPermissionWarned,
  offerLocationDialog,
  recordOutcome,
  recordPositionWarehouse,
} from './location-state';
import { selectedWarehouseStore } from './selected-warehouse';
import { checkWarehouse, type WarehouseCheckBoundary, type WarehouseCheckOutcome, type WarehouseCheckResult } from './warehouse-check';

/**
 * The warehouse serving the position this check read, if any. Until the customer chooses, the
 * catalog is browsed from it (and the header names it) rather than from the default warehouse.
 */
function positionWarehouseOf(outcome: WarehouseCheckOutcome) {
  if (outcome.kind === 'add-address' || outcome.kind === 'choose') return outcome.locationWarehouse;
  if (outcome.kind === 'select' && outcome.source === 'current-location') return outcome.warehouse;
  return null;
}

export interface RunOptions {
  /**
   * The customer asked for this check: a dialog they dismissed before may open again, and the
   * device may ask for the location permission.
   */
  userInitiated?: boolean;
}

export interface WarehouseCheckRunner {
  run(options?: RunOptions): Promise<void>;
  /** Step 8: the selection was cleared (or the customer asked to choose again); check afresh. */
  rerun(): void;
  /** 'Allow Location Access': ask, warn if still refused, then check again. */
  allowLocationAccess(): Promise<void>;
  stop(): void;
}

/**
 * Runs the check now and, while no warehouse is saved, every 5 seconds (step 9). A repeat is
 * skipped while a check is in flight or a dialog is open, so the customer is never interrupted.
 * Only the first check and the ones the customer starts may make the device ask for the
 * permission; the repeats read the position only when it is already granted.
 */
export function startWarehouseCheckRunner(boundary: WarehouseCheckBoundary, warn: () => void): WarehouseCheckRunner {
  let stopped = false;
  let inFlight = false;
  let firstRun = true;
  let queued: RunOptions | null = null;
  // Set when step 1 of the running check forgot a deactivated warehouse: that check goes on to
  // step 2 itself, so the rerun its clearing triggers would only repeat it.
  let clearedByCheck = false;

  const runnerBoundary: WarehouseCheckBoundary = {
    ...boundary,
    clearSavedWarehouse() {
      clearedByCheck = true;
      boundary.clearSavedWarehouse();
    },
  };

  function warnOnce() {
    if (markPermissionWarned()) warn();
  }

  function apply(result: WarehouseCheckResult, options: RunOptions) {
    if (result.askedForPermission) markPermissionAsked();
    if (result.warnPermissionDenied) warnOnce();
    const { outcome } = result;
    // Step 1 ended the check before any position was read: the last one known still stands.
    if (outcome.kind !== 'saved') recordPositionWarehouse(positionWarehouseOf(outcome));
    if (outcome.kind === 'saved' || selectedWarehouseStore.read()) {
      // Saved before or during the check (another tab, say): nothing left to ask.
      closeLocationDialogs();
      recordOutcome('saved');
      return;
    }
    if (outcome.kind === 'select') {
      chooseWarehouse(outcome.warehouse, outcome.source);
      return;
    }
    offerLocationDialog({ ...result, outcome }, { userInitiated: options.userInitiated ?? false });
  }

  async function run(options: RunOptions = {}): Promise<void> {
    if (stopped) return;
    if (inFlight) {
      // A check the customer asked for must not be lost behind a background one.
      if (options.userInitiated) queued = options;
      return;
    }
    if (!options.userInitiated && getLocationState().dialog) return;
    inFlight = true;
    const mayPrompt = firstRun || (options.userInitiated ?? false);
    firstRun = false;
    clearedByCheck = false;
    try {
      const result = await checkWarehouse(runnerBoundary, { mayPrompt });
      if (!stopped) apply(result, options);
    } catch {
      // The server or network failed; the next repetition tries again.
    } finally {
      inFlight = false;
    }
    if (queued && !stopped) {
      const next = queued;
      queued = null;
      await run(next);
    }
  }

  const timer = setInterval(() => {
    if (!selectedWarehouseStore.read()) void run();
  }, WAREHOUSE_RECHECK_MS);
  void run();

  return {
    run,
    rerun() {
      forgetDismissedDialogs();
      if (clearedByCheck) {
        clearedByCheck = false;
        return;
      }
      void run({ userInitiated: true });
    },
    async allowLocationAccess() {
      const answer = await boundary.requestPermission().catch(() => 'unavailable' as const);
      if (stopped) return;
      if (answer !== 'granted') warn();
      await run({ userInitiated: true });
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
