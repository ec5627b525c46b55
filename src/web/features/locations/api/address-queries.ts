import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { Address, AddressInput } from '@/shared/contracts/locations';
import { api, ApiError, unwrap } from '@/web/lib/api-client';

export const addressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: () => unwrap(api.addresses.$get()),
});

export const addressToasts = {
  saved: 'Address saved',
  deleted: 'Address deleted',
  defaultChanged: 'Default address updated',
  failed: "Couldn't save the address",
  notLocated: (zipCode: string) =>
    `We couldn't find ZIP code ${zipCode} on the map, so this address is saved without a location. We'll match it to a warehouse by its city and state.`,
} as const;

/** Field errors belong to the form; anything else is a toast. */
function toastUnlessFieldError(error: Error) {
  if (error instanceof ApiError && error.fields) return;
  toast.error(addressToasts.failed, { description: error.message });
}

function useAddressMutation<TInput>(run: (input: TInput) => Promise<Address | void>, onSaved: (address: Address | void) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (address) => {
      onSaved(address);
      // Nearby kitchens are looked up around the default address, which may just have changed.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['kitchens', 'nearby'] }),
      ]);
    },
    onError: toastUnlessFieldError,
  });
}

function announceSaved(address: Address | void) {
  if (address && address.latitude === null) toast.warning(addressToasts.saved, { description: addressToasts.notLocated(address.zipCode) });
  else toast.success(addressToasts.saved);
}

export function useCreateAddress() {
  return useAddressMutation((input: AddressInput) => unwrap(api.addresses.$post({ json: input })), announceSaved);
}

export function useUpdateAddress() {
  return useAddressMutation(
    ({ id, input }: { id: string; input: AddressInput }) => unwrap(api.addresses[':id'].$put({ param: { id }, json: input })),
    announceSaved,
  );
}

export function useDeleteAddress() {
  return useAddressMutation(
    async (id: string) => {
      await unwrap(api.addresses[':id'].$delete({ param: { id } }));
    },
    () => toast.success(addressToasts.deleted),
  );
}

export function useSetDefaultAddress() {
  return useAddressMutation(
    (id: string) => unwrap(api.addresses[':id'].default.$post({ param: { id } })),
    () => toast.success(addressToasts.defaultChanged),
  );
}
