import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@/shared/contracts/auth';
import { api, apiFetch, isNetworkError, unwrap } from '@/web/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

interface SessionResponse {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  // better-auth extends the session when it is read, so reading it keeps it fresh.
  queryFn: () => apiFetch<SessionResponse | null>('/api/auth/get-session'),
  staleTime: 60_000,
});

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => unwrap(api.profile.$get()),
});

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser; profile: Profile };

/** The current viewer: loading until both the session and, when signed in, the profile are known. */
export function useAuth(): AuthState {
  const session = useQuery(sessionQuery);
  const signedIn = Boolean(session.data?.user);
  const profile = useQuery({ ...profileQuery, enabled: signedIn });
  if (session.isPending) return { status: 'loading' };
  if (!session.data?.user || profile.isError) return { status: 'signed-out' };
  if (!profile.data) return { status: 'loading' };
  return { status: 'signed-in', user: session.data.user, profile: profile.data };
}

/** The viewer as `useAuth` tells it once known: waits for the session and, when signed in, the profile. */
export async function settledAuth(queryClient: QueryClient): Promise<Exclude<AuthState, { status: 'loading' }>> {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (!session?.user) return { status: 'signed-out' };
  const profile = await queryClient.ensureQueryData(profileQuery).catch(() => null);
  return profile ? { status: 'signed-in', user: session.user, profile } : { status: 'signed-out' };
}

/**
 * The session cannot be read for want of a connection: offline, where its read waits for the network,
 * or failing to reach the server. Who is signed in is then unknown, not signed out.
 */
export function useSessionUnreachable(): boolean {
  const session = useQuery(sessionQuery);
  return session.data === undefined && (session.fetchStatus === 'paused' || isNetworkError(session.failureReason));
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => unwrap(api.config.$get()),
  staleTime: Infinity,
});
