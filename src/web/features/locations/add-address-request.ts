/**
 * Navigation state that opens the address book with the new-address form ready ('Add My Address').
 * Kept apart from the address book so that the warehouse check, on every page, can ask for it without
 * loading the address form and its validation.
 */
export const addAddressRequest = { addAddress: true } as const;

export function asksToAddAddress(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { addAddress?: unknown }).addAddress === true;
}
