import { Link, useLocation } from 'react-router';
import { paths } from '@/web/config/paths';
import { cn } from '@/web/lib/cn';
import { useCurrentInView } from '@/web/lib/use-current-in-view';
import { catalogEditorCopy } from '@/shared/staff-copy';

const tabs = [
  { to: paths.adminCatalog, label: catalogEditorCopy.tabs.products, matches: (path: string) => path === paths.adminCatalog || path.startsWith('/admin/catalog/products') },
  { to: paths.adminCatalogCategories, label: catalogEditorCopy.tabs.categories },
  { to: paths.adminCatalogBundles, label: catalogEditorCopy.tabs.bundles },
  { to: paths.adminCatalogOffers, label: catalogEditorCopy.tabs.offers },
  { to: paths.adminCatalogDiscounts, label: catalogEditorCopy.tabs.discounts },
];

/** The parts of the catalog editor; on a phone the row scrolls sideways, not the page. */
export function CatalogTabs() {
  const { pathname } = useLocation();
  const row = useCurrentInView<HTMLElement>(pathname);
  return (
    <nav ref={row} aria-label={catalogEditorCopy.tabs.label} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      {tabs.map(({ to, label, matches }) => {
        const current = matches ? matches(pathname) : pathname === to;
        return (
          <Link
            key={to}
            to={to}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'inline-flex h-10 shrink-0 items-center rounded-md px-3 text-sm font-medium',
              current ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground hover:text-foreground',
            )}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
