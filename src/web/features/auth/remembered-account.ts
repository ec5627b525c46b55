import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
// zod/mini keeps zod's classic API out of every page's first load (ADR 045).
import * as z from 'zod/mini';
import { createLocalStore } from '@/web/lib/local-store';
import { sessionQuery, useAuth, useSessionUnreachable } from '@/web/lib/session';

const rememberedAccountSchema = z.object({ name: z.string(), email: z.string() });
export type RememberedAccount = z.infer<typeof rememberedAccountSchema>;

/**
 * What the header showed of the account last signed in on this device: its name and email, nothing
 * the server decides on. Forgotten at sign-out and whenever the server says no one is signed in.
 */
export const rememberedAccountStore = createLocalStore<RememberedAccount | null>('signedInAccount', z.nullable(rememberedAccountSchema), null);

export type HeaderAccount = { status: 'loading' } | { status: 'signed-out' } | ({ status: 'signed-in' } & RememberedAccount);

/**
 * Who the header shows. While the session cannot be read for want of a connection, the account last
 * seen signed in here stays in the header instead of a Sign In button. Only the header goes by it:
 * guards and pages go by `useAuth`, which knows no one until the server has answered.
 */
export function useHeaderAccount(): HeaderAccount {
  const auth = useAuth();
  const session = useQuery(sessionQuery);
  const unreachable = useSessionUnreachable();
  const remembered = rememberedAccountStore.use();
  const name = auth.status === 'signed-in' ? [auth.profile.firstName, auth.profile.lastName].filter(Boolean).join(' ') || auth.user.name : null;
  const email = auth.status === 'signed-in' ? auth.user.email : null;
  // Only the server's own answer forgets the account: a session it no longer knows.
  const serverSaysSignedOut = session.isSuccess && !session.data?.user;

  useEffect(() => {
    if (name !== null && email !== null) {
      if (name !== remembered?.name || email !== remembered?.email) rememberedAccountStore.write({ name, email });
    } else if (serverSaysSignedOut && remembered) {
      rememberedAccountStore.clear();
    }
  }, [name, email, serverSaysSignedOut, remembered]);

  if (name !== null && email !== null) return { status: 'signed-in', name, email };
  // Also while the profile loads for the same account (back online), so the menu does not blink out.
  const sameAccountLoading = auth.status === 'loading' && session.data?.user.email === remembered?.email;
  if (remembered && (unreachable || sameAccountLoading)) return { status: 'signed-in', ...remembered };
  return auth.status === 'loading' ? auth : { status: 'signed-out' };
}
