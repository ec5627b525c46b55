import { Link, NavLink } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { AccountMenu } from '@/web/features/auth/components/account-menu';
import { useHeaderAccount } from '@/web/features/auth/remembered-account';
import { CartPanel } from '@/web/features/cart/components/cart-panel';
import { WarehouseChip } from '@/web/features/locations/components/warehouse-chip';
import { ThemeToggle } from '@/web/features/theme/theme-toggle';
import { cn } from '@/web/lib/cn';
import { Logo } from '@/web/components/layouts/logo';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex min-h-11 items-center rounded-md px-3 text-sm md:min-h-9 font-medium transition-colors hover:bg-accent', isActive ? 'text-primary' : 'text-muted-foreground');

function MainLinks() {
  return (
    <>
      <NavLink to={paths.home} end className={navLinkClass}>
        {copy.header.home}
      </NavLink>
      <NavLink to={paths.products} className={navLinkClass}>
        {copy.header.products}
      </NavLink>
      <NavLink to={paths.orders} className={navLinkClass}>
        {copy.header.recent}
      </NavLink>
    </>
  );
}

export function SiteHeader() {
  const account = useHeaderAccount();

  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-3 sm:px-4">
        {/* On phones the mark alone, centred in its 44 px target, which reaches into the padding. */}
        <Logo className="-ml-1.5 justify-center sm:ml-0 sm:justify-start" />
        <WarehouseChip />
        <nav aria-label={copy.header.mainNav} className="ml-auto hidden items-center md:flex">
          <MainLinks />
        </nav>
        <div className="ml-auto flex shrink-0 items-center md:ml-2 md:gap-1">
          <ThemeToggle />
          {account.status === 'signed-in' ? <AccountMenu name={account.name} email={account.email} /> : null}
          <CartPanel />
          {account.status === 'signed-out' ? (
            <Button asChild size="sm" className="ml-1 h-11 md:h-8">
              <Link to={paths.auth}>{copy.header.signIn}</Link>
            </Button>
          ) : null}
        </div>
      </div>
      <nav aria-label={copy.header.mobileNav} className="flex justify-around border-t md:hidden">
        <MainLinks />
      </nav>
    </header>
  );
}
