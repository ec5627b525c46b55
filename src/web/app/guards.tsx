import { Navigate, Outlet, useLocation } from 'react-router';
import type { Profile } from '@/shared/contracts/auth';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { useAuth, useSessionUnreachable } from '@/web/lib/session';
import { storeRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { NeedsConnection } from '@/web/features/network/components/offline-notices';
import { useOnlineStatus } from '@/web/features/network/use-online-status';

/**
 * Signed-out visitors go to /auth (and come back after signing in);
 * signed-in users the rule does not admit go to /.
 */
export function RequireAuth({ allow }: { allow?: (profile: Profile) => boolean }) {
  const auth = useAuth();
  const location = useLocation();
  const online = useOnlineStatus();
  const unreachable = useSessionUnreachable();
  // Offline, or with the server out of reach, an unknown session is not a signed-out one: say the page needs a connection instead.
  if ((!online || unreachable) && auth.status !== 'signed-in') return <NeedsConnection />;
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out') {
    storeRedirectAfterLogin(location.pathname + location.search + location.hash);
    return <Navigate to={paths.auth} replace />;
  }
  if (allow && !allow(auth.profile)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

export const hasRole =
  (...roles: Profile['role'][]) =>
  (profile: Profile) =>
    roles.includes(profile.role);

/** The kitchen dashboard admits the cloud_kitchen role and anyone who owns a kitchen record. */
export const ownsKitchen = (profile: Profile) => profile.role === 'cloud_kitchen' || profile.kitchenId !== null;
