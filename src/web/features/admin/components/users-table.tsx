import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { warehouseStaffRoles } from '@/shared/access';
import { changeRoleInput, type AdminUser, type ChangeRoleInput } from '@/shared/contracts/admin';
import { adminCopy } from '@/shared/staff-copy';
import { roles, type Role } from '@/shared/roles';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { EmailAddress } from '@/web/components/ui/email-address';
import { Label } from '@/web/components/ui/label';
import { ListFilterSelect, ListSearchField, ListState, ListTable } from '@/web/components/ui/list-state';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { activeWarehousesQuery } from '@/web/features/locations/api/location-queries';
import { useAuth } from '@/web/lib/session';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { useDeactivateUser, useReactivateUser, useChangeRole, usersQuery } from '../api/admin-queries';
import { useDebouncedValue } from './use-debounced-value';

const copy = adminCopy.users;
const PAGE_SIZE = 20;
const userColumns = [{ label: copy.email }, { label: copy.name }, { label: copy.role }, { label: copy.warehouses }, { label: copy.status }, { label: copy.actions }];
const needsWarehouses = (role: string) => (warehouseStaffRoles as readonly string[]).includes(role);

function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useChangeRole(user.profileId);
  const warehouses = useQuery(activeWarehousesQuery);
  const form = useForm<ChangeRoleInput>({
    resolver: zodResolver(changeRoleInput),
    defaultValues: { role: user.role, warehouseIds: user.warehouses.map((warehouse) => warehouse.id) },
  });
  useServerFieldErrors(change.error, form.setError);
  const role = useWatch({ control: form.control, name: 'role' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync({ role: input.role, warehouseIds: needsWarehouses(input.role) ? input.warehouseIds : [] });
      toast.success(copy.roleChanged);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : copy.loadFailed);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.changeRoleOf(user.email)}</DialogTitle>
          <DialogDescription>{user.name}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="change-role">{copy.role}</Label>
            <NativeSelect id="change-role" aria-invalid={errors.role ? true : undefined} {...form.register('role')}>
              {roles.map((option) => (
                <option key={option} value={option}>
                  {adminCopy.roleNames[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {needsWarehouses(role) ? (
            <fieldset className="grid gap-2" aria-describedby={errors.warehouseIds ? 'change-role-warehouses-error' : undefined}>
              <legend className="mb-1 text-sm font-medium">{copy.chooseWarehouses}</legend>
              <Controller
                control={form.control}
                name="warehouseIds"
                render={({ field }) => (
                  <>
                    {(warehouses.data ?? []).map((warehouse) => {
                      const checked = (field.value ?? []).includes(warehouse.id);
                      return (
                        <label key={warehouse.id} className="flex min-h-10 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="size-4"
                            checked={checked}
                            onChange={() => field.onChange(checked ? (field.value ?? []).filter((id) => id !== warehouse.id) : [...(field.value ?? []), warehouse.id])}
                          />
                          {warehouse.name}
                        </label>
                      );
                    })}
                  </>
                )}
              />
              {errors.warehouseIds ? (
                <p id="change-role-warehouses-error" role="alert" className="text-sm text-destructive">
                  {errors.warehouseIds.message}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {copy.cancel}
            </Button>
            <Button type="submit" busy={change.isPending}>
              {copy.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UserActions({ user, isSelf, onChangeRole }: { user: AdminUser; isSelf: boolean; onChangeRole: () => void }) {
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  if (isSelf) return <Badge>{copy.you}</Badge>;
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" className="min-h-10" onClick={onChangeRole} aria-label={`${copy.changeRole}: ${user.email}`}>
        {copy.changeRole}
      </Button>
      {user.deactivatedAt ? (
        <Button
          variant="outline"
          size="sm"
          className="min-h-10"
          busy={reactivate.isPending}
          aria-label={`${copy.reactivate}: ${user.email}`}
          onClick={() =>
            reactivate.mutate(user.profileId, {
              onSuccess: () => toast.success(copy.reactivatedToast),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {copy.reactivate}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="min-h-10 text-destructive" aria-label={`${copy.deactivate}: ${user.email}`}>
              {copy.deactivate}
            </Button>
          }
          title={copy.deactivateTitle(user.email)}
          description={copy.deactivateBody}
          confirmLabel={copy.deactivate}
          destructive
          onConfirm={async () => {
            try {
              await deactivate.mutateAsync(user.profileId);
              toast.success(copy.deactivatedToast);
            } catch (error) {
              toast.error(error instanceof Error ? error.message : copy.loadFailed);
              throw error;
            }
          }}
        />
      )}
    </div>
  );
}

/** The admin's list of people: searched and filtered on the server, with role changes and (de)activation. */
export function UsersTable() {
  const auth = useAuth();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const users = useQuery(usersQuery({ q: q || undefined, role: role || undefined, page, pageSize: PAGE_SIZE }));
  const selfId = auth.status === 'signed-in' ? auth.profile.id : null;
  const data = users.data;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <ListSearchField
          id="users-search"
          label={copy.search}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ListFilterSelect<Role | ''>
          id="users-role"
          label={copy.role}
          value={role}
          options={[['', copy.anyRole], ...roles.map((option) => [option, adminCopy.roleNames[option]] as const)]}
          onChange={(value) => {
            setRole(value);
            setPage(1);
          }}
        />
      </div>

      <ListState query={users} items={(answer) => answer.users} what={copy.listed} errorTitle={copy.loadFailed} empty={copy.empty} emptyIcon={Users}>
        {(list) => (
          <ListTable caption={copy.title} minWidth="md:min-w-[44rem]" columns={userColumns}>
            {list.map((user) => (
              <tr key={user.profileId} className="border-t align-top">
                <td className="p-3" data-label={copy.email}>
                  <EmailAddress email={user.email} />
                </td>
                <td className="p-3" data-label={copy.name}>{user.name}</td>
                <td className="p-3" data-label={copy.role}>{adminCopy.roleNames[user.role]}</td>
                <td className="p-3" data-label={copy.warehouses}>{user.warehouses.map((warehouse) => warehouse.name).join(', ')}</td>
                <td className="p-3" data-label={copy.status}>{user.deactivatedAt ? <Badge tone="danger">{copy.deactivated}</Badge> : <Badge tone="success">{copy.active}</Badge>}</td>
                <td className="p-3" data-label={copy.actions}>
                  <UserActions user={user} isSelf={user.profileId === selfId} onChangeRole={() => setEditing(user)} />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
      {data ? <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
      {editing ? <ChangeRoleDialog key={editing.profileId} user={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
