import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersQuery, ChangeRoleInput } from '@/shared/contracts/admin';
import { api, unwrap } from '@/web/lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  overview: (days: number) => [...adminKeys.all, 'overview', days] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPage: (query: AdminUsersQuery) => [...adminKeys.users(), query] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditPage: (query: AuditQuery) => [...adminKeys.audit(), query] as const,
};

export interface AuditQuery {
  q?: string;
  entityType?: string;
  page?: number;
  pageSize?: number;
}

/** The query string the API reads: only the filters that are set, as text. */
function asQuery(query: object): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function overviewQuery(days: number) {
  return queryOptions({
    queryKey: adminKeys.overview(days),
    queryFn: () => unwrap(api.admin.overview.$get({ query: { days: String(days) } })),
    placeholderData: keepPreviousData,
  });
}

export function usersQuery(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: adminKeys.userPage(query),
    queryFn: () => unwrap(api.admin.users.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

export function auditQuery(query: AuditQuery) {
  return queryOptions({
    queryKey: adminKeys.auditPage(query),
    queryFn: () => unwrap(api.admin.audit.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

/** After a change to a person: the users list and the audit log are read again. */
function useUserMutation<Input>(send: (input: Input) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

export function useChangeRole(profileId: string) {
  return useUserMutation((input: ChangeRoleInput) => unwrap(api.admin.users[':id'].role.$post({ param: { id: profileId }, json: input })));
}

export function useDeactivateUser() {
  return useUserMutation((profileId: string) => unwrap(api.admin.users[':id'].deactivate.$post({ param: { id: profileId } })));
}

export function useReactivateUser() {
  return useUserMutation((profileId: string) => unwrap(api.admin.users[':id'].reactivate.$post({ param: { id: profileId } })));
}
