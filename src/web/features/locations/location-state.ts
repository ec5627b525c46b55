import { useSyncExternalStore } from 'react';
// zod/mini keeps zod's classic API out of every page's first load (ADR 045).
import * as z from 'zod/mini';
import type { WarehouseRef } from '@/shared/contracts/locations';
import {
  positionWarehouseStore,
  saveSelectedWarehouse,
  selectedWarehouseSourceStore,
  selectedWarehouseStore,
  type WarehouseSource,
} from './selected-warehouse';
import type { WarehouseCheckOutcome, WarehouseCheckResult } from './warehouse-check';

type DialogOutcome = Extract<WarehouseCheckOutcome, { kind: 'choose' | 'add-address' | 'not-available' }>;

/**
 * One dialog at a time; 'access' comes first when location is blocked and holds the dialog that
 * follows it. It knows why location is blocked: when it is unavailable, allowing cannot help.
 */
export type LocationDialog = DialogOutcome | { kind: 'access'; permission: 'denied' | 'unavailable'; then: DialogOutcome };

export type ServiceAreaStatus = 'unknown' | 'in' | 'out';

export interface LocationState {
  dialog: LocationDialog | null;
  /** Identifies the check outcome behind the open (or last opened) dialog. */
  outcomeKey: string | null;
  /**
   * The outcome whose dialogs the customer dismissed: neither the repeating check nor a reload in
   * the same browser session reopens them (ADR 009).
   */
  dismissedKey: string | null;
  /** The signed-in customer the check runs for; a dismissal is remembered for them only. */
  customerId: string | null;
  lastOutcome: WarehouseCheckOutcome['kind'] | null;
  /**
   * The device asked for the permission during this session. A refusal then reads as 'denied' at
   * the next check, but the customer has just answered: 'Location Access Required' would nag.
   */
  permissionAsked: boolean;
  permissionWarned: boolean;
}

const initialState: LocationState = {
  dialog: null,
  outcomeKey: null,
  dismissedKey: null,
  customerId: null,
  lastOutcome: null,
  permissionAsked: false,
  permissionWarned: false,
};

/**
 * A value kept in sessionStorage for one customer: the tab's session, so a full page load keeps it
 * and a new visit starts afresh; tied to the customer so no one else on the device inherits it.
 */
function customerSessionRecord<T>(key: string, schema: z.ZodMiniType<T>) {
  const record = z.object({ customerId: z.string(), value: schema });
  return {
    read(customerId: string): T | null {
      try {
        const parsed = record.safeParse(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
        return parsed.success && parsed.data.customerId === customerId ? parsed.data.value : null;
      } catch {
        return null;
      }
    },
    write(customerId: string | null, value: T | null) {
      try {
        if (customerId && value !== null) sessionStorage.setItem(key, JSON.stringify({ customerId, value }));
        else sessionStorage.removeItem(key);
      } catch {
        // Storage refused (private mode, quota): the value then lasts until the next page load.
      }
    },
  };
}

/** The outcome whose dialog the customer dismissed (ADR 009: a dismissal lasts the browser session). */
const dismissedOutcome = customerSessionRecord('locationDialogDismissed', z.string());

let state = initialState;
const listeners = new Set<() => void>();
const recheckListeners = new Set<() => void>();

function update(patch: Partial<LocationState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLocationState(): LocationState {
  return state;
}

export function useLocationState<T>(select: (current: LocationState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initialState),
  );
}

/** Whether the selected warehouse came from the current location (step 7); null when nothing records it. */
export function useUsedCurrentLocation(): boolean | null {
  const source = selectedWarehouseSourceStore.use();
  return source === null ? null : source === 'current-location';
}

/** What the cart needs: 'out' only when the last check found nothing serving the customer and nothing is selected. */
export function useServiceAreaStatus(): ServiceAreaStatus {
  const selected = selectedWarehouseStore.use();
  const lastOutcome = useLocationState((current) => current.lastOutcome);
  if (selected) return 'in';
  if (lastOutcome === 'not-available') return 'out';
  if (lastOutcome === 'choose' || lastOutcome === 'add-address') return 'in';
  return 'unknown';
}

/** Step 7: save the choice, close every dialog and remember where it came from. */
export function chooseWarehouse(warehouse: WarehouseRef, source: WarehouseSource) {
  saveSelectedWarehouse(warehouse, source);
  if (state.dismissedKey) dismissedOutcome.write(null, null);
  update({ dialog: null, lastOutcome: 'select', dismissedKey: null });
}

/** A check for this customer starts: what they dismissed earlier in this browser session still holds. */
export function beginLocationSession(customerId: string) {
  update({ customerId, dismissedKey: dismissedOutcome.read(customerId) });
}

/** The warehouse serving the position a check just read, or null when none serves it. */
export function recordPositionWarehouse(warehouse: WarehouseRef | null) {
  const { customerId } = state;
  positionWarehouseStore.write(customerId && warehouse ? { customerId, warehouse } : null);
}

/**
 * Closes the dialog without counting it as an answer: a warehouse is saved (step 1), so no dialog has
 * anything left to ask; or the dialog cannot be shown where the customer is, and the next check offers
 * it again once they are elsewhere.
 */
export function closeLocationDialogs() {
  if (state.dialog) update({ dialog: null });
}

/** The customer closed the dialog without choosing. */
export function dismissLocationDialog() {
  if (!state.dialog) return;
  dismissedOutcome.write(state.customerId, state.outcomeKey);
  update({ dialog: null, dismissedKey: state.outcomeKey });
}

/** 'Continue Without Location': the dialog that was waiting behind the access dialog. */
export function continueWithoutLocation() {
  if (state.dialog?.kind === 'access') update({ dialog: state.dialog.then });
}

/** A fresh start for the check (the selection was cleared): earlier dismissals no longer hold. */
export function forgetDismissedDialogs() {
  dismissedOutcome.write(null, null);
  update({ dismissedKey: null });
}

/** Records a warning as shown; false when it had already been shown. */
export function markPermissionWarned(): boolean {
  if (state.permissionWarned) return false;
  update({ permissionWarned: true });
  return true;
}

/** Records that a check made the device ask for the permission. */
export function markPermissionAsked() {
  if (!state.permissionAsked) update({ permissionAsked: true });
}

/**
 * Opens the dialog a check outcome calls for, unless the customer already dismissed the same
 * outcome and did not ask for it again. The outcome alone identifies it: a permission that turned
 * to 'denied' does not make a dismissed outcome new.
 */
export function offerLocationDialog(result: WarehouseCheckResult & { outcome: DialogOutcome }, options: { userInitiated: boolean }) {
  const { outcome, locationBlocked } = result;
  const outcomeKey = JSON.stringify(outcome);
  const askAccess = locationBlocked !== null && !state.permissionAsked;
  const dialog: LocationDialog = askAccess ? { kind: 'access', permission: locationBlocked, then: outcome } : outcome;
  const show = options.userInitiated || outcomeKey !== state.dismissedKey;
  update({
    dialog: show ? dialog : state.dialog,
    outcomeKey: show ? outcomeKey : state.outcomeKey,
    lastOutcome: outcome.kind,
  });
}

/** Records the outcome of a check that needed no dialog. */
export function recordOutcome(kind: WarehouseCheckOutcome['kind']) {
  update({ lastOutcome: kind });
}

/** Lets the running check hear that the customer wants to pick the warehouse again. */
export function onRecheckRequested(listener: () => void) {
  recheckListeners.add(listener);
  return () => {
    recheckListeners.delete(listener);
  };
}

/**
 * The customer asked to change the delivery warehouse: the selection is cleared, which reruns the
 * check (step 8). With nothing saved the check is rerun all the same, so a dismissed dialog returns.
 */
export function changeDeliveryWarehouse() {
  if (selectedWarehouseStore.read()) {
    selectedWarehouseStore.clear();
    return;
  }
  for (const listener of recheckListeners) listener();
}

/**
 * Sign-out or leaving the layout: nothing about the last customer's location is kept, but for a
 * dismissal, which is tied to its customer in sessionStorage so no one else inherits it.
 */
export function resetLocationState() {
  state = initialState;
  positionWarehouseStore.write(null);
  for (const listener of listeners) listener();
}
