import { Bell, LogOut, Store } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { copy, notificationCopy } from '@/shared/copy';
import type { Role } from '@/shared/roles';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { useSignOut } from '@/web/features/auth/api/auth-actions';
import { useAuth } from '@/web/lib/session';
import { hasNotifications } from '@/web/features/notifications/components/notification-settings';
import { OfflineBanner } from '@/web/features/network/offline-banner';
import { ThemeToggle } from '@/web/features/theme/theme-toggle';
import { cn } from '@/web/lib/cn';
import { useCurrentInView } from '@/web/lib/use-current-in-view';
import { Logo } from '@/web/components/layouts/logo';
import { mainContentId, SkipLink } from '@/web/components/layouts/skip-link';
import type { DashboardNavItem } from '@/web/app/routes/dashboards/area';
import { dashboardNavigation } from '@/web/app/routes/dashboards/navigation';
import { staffCopy } from '@/shared/staff-copy';

const roleTitles: Record<Role, string> = staffCopy.roleTitles;


const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent', isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground');

/**
 * The section a page belongs to: the item whose path is the longest one the page's path starts with,
 * so an order's page lights its list ('/admin/orders/…') and '/admin' lights the overview alone.
 */
function activeItem(items: DashboardNavItem[], pathname: string) {
  const matching = items.filter(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return matching.sort((a, b) => b.to.length - a.to.length)[0];
}

/** The frame of every staff dashboard: navigation for the role, the user and sign-out. */
export function DashboardLayout() {
  const auth = useAuth();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // On a phone the navigation is one row scrolled sideways.
  const nav = useCurrentInView<HTMLElement>(pathname, auth.status === 'signed-in');
  if (auth.status !== 'signed-in') return <PageSpinner />;
  const { profile } = auth;
  // A customer reaches a dashboard only as a kitchen's owner (the guard lets no one else in).
  const role = profile.role === 'customer' ? 'cloud_kitchen' : profile.role;
  const items = dashboardNavigation[role];
  const active = activeItem(items, pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <OfflineBanner />
      <header className="sticky top-0 z-30 border-b bg-background">
        <div className="flex h-16 items-center gap-3 px-4">
          <Logo />
          <span className="hidden rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground sm:inline">
            {roleTitles[profile.role]}
          </span>
          <div className="ml-auto flex items-center gap-1">
            <span className="hidden text-sm text-muted-foreground sm:inline" title={auth.user.email}>
              {[profile.firstName, profile.lastName].filter(Boolean).join(' ') || auth.user.name}
            </span>
            <ThemeToggle />
            <Button variant="ghost" size="sm" className="h-11 md:h-8" onClick={() => signOut.mutate()}>
              <LogOut aria-hidden /> {copy.header.signOut}
            </Button>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav ref={nav} aria-label={staffCopy.navigation} className="flex gap-1 overflow-x-auto border-b p-2 whitespace-nowrap md:w-56 md:flex-col md:border-r md:border-b-0 md:p-3">
          {items.map((item) => (
            <Link key={item.to} to={item.to} className={linkClass({ isActive: item === active })} aria-current={item === active ? 'page' : undefined}>
              <item.Icon className="size-4" aria-hidden /> {item.label}
            </Link>
          ))}
          {hasNotifications(profile.role) ? (
            <Link to={paths.accountNotifications} className={linkClass({ isActive: false })}>
              <Bell className="size-4" aria-hidden /> {notificationCopy.card.staffLink}
            </Link>
          ) : null}
          <Link to={paths.products} className={linkClass({ isActive: false })}>
            <Store className="size-4" aria-hidden /> {staffCopy.storefront}
          </Link>
        </nav>
        <main id={mainContentId} tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
