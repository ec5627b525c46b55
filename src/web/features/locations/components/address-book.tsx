import { useQuery } from '@tanstack/react-query';
import { MapPin, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { addressLine, type Address } from '@/shared/contracts/locations';
import { addressCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Badge } from '@/web/components/ui/badge';
import { QueryError } from '@/web/components/ui/query-error';
import { addressesQuery, useDeleteAddress, useSetDefaultAddress } from '../api/address-queries';
import { asksToAddAddress } from '../add-address-request';
import { AddressForm } from './address-form';

function AddressCard({ address, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  const setDefault = useSetDefaultAddress();
  const name = address.label || address.streetAddress;
  return (
    <li className="grid gap-3 rounded-lg border p-4 sm:flex sm:items-start sm:justify-between" aria-label={name}>
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {address.isDefault ? <Badge tone="success">{addressCopy.isDefault}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground break-words">{addressLine(address)}</p>
        {address.deliveryInstructions ? (
          <p className="text-sm whitespace-pre-wrap break-words">
            <span className="font-medium">{addressCopy.instructionsShown}: </span>
            {address.deliveryInstructions}
          </p>
        ) : null}
        {address.latitude === null ? (
          <p className="text-sm text-orange-700 dark:text-orange-300">{addressCopy.notPlaced}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {address.isDefault ? null : (
          <Button size="sm" variant="outline" busy={setDefault.isPending} onClick={() => setDefault.mutate(address.id)} aria-label={addressCopy.setDefaultOf(name)}>
            {addressCopy.setDefault}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={addressCopy.editOf(name)} data-opens={address.id}>
          {addressCopy.edit}
        </Button>
        <Button size="sm" variant="ghost" className="text-destructive" onClick={onDelete} aria-label={addressCopy.deleteOf(name)}>
          {addressCopy.delete}
        </Button>
      </div>
    </li>
  );
}

function DeleteAddressDialog({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const remove = useDeleteAddress();
  return (
    <Dialog open={address !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{addressCopy.deleteTitle}</DialogTitle>
          <DialogDescription>{address ? addressLine(address) : ''}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {addressCopy.keep}
          </Button>
          <Button
            variant="destructive"
            busy={remove.isPending}
            onClick={() => address && remove.mutate(address.id, { onSuccess: onClose })}
          >
            {addressCopy.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The account's delivery addresses: list (default first), add, edit, delete, set default. */
export function AddressBook() {
  const addresses = useQuery(addressesQuery);
  const asked = asksToAddAddress(useLocation().state);
  // 'new' while adding; an address id while editing that one.
  const [editing, setEditing] = useState<string | null>(asked ? 'new' : null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  // The button that opened the form is gone while it shows: closing it (saved or cancelled) puts the
  // focus back on that button, and opening it puts the focus in its first field.
  const book = useRef<HTMLDivElement>(null);
  const closedFrom = useRef<string | null>(null);
  const close = () => {
    closedFrom.current = editing;
    setEditing(null);
  };
  useEffect(() => {
    const opener = closedFrom.current;
    closedFrom.current = null;
    if (editing !== null || opener === null) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !book.current?.contains(focused)) return;
    book.current?.querySelector<HTMLElement>(`[data-opens="${opener}"]`)?.focus();
  }, [editing]);

  if (addresses.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={addressCopy.loading}>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (addresses.isError) return <QueryError error={addresses.error} onRetry={() => addresses.refetch()} />;

  return (
    <div ref={book} className="grid gap-4">
      {addresses.data.length === 0 && editing !== 'new' ? (
        <EmptyState icon={MapPin} title={addressCopy.emptyTitle}>
          {addressCopy.emptyBody}
        </EmptyState>
      ) : null}
      {addresses.data.length > 0 ? (
        <ul className="grid gap-3" aria-label={addressCopy.listLabel}>
          {addresses.data.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="rounded-lg border p-4">
                <AddressForm address={address} onDone={close} autoFocus />
              </li>
            ) : (
              <AddressCard key={address.id} address={address} onEdit={() => setEditing(address.id)} onDelete={() => setDeleting(address)} />
            ),
          )}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <div className="rounded-lg border p-4">
          <AddressForm onDone={close} autoFocus />
        </div>
      ) : (
        <div>
          <Button variant="outline" onClick={() => setEditing('new')} data-opens="new">
            <Plus aria-hidden />
            {addressCopy.add}
          </Button>
        </div>
      )}
      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
