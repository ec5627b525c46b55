import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, ChefHat, Clock, ShieldCheck, Truck } from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { useDeferredValue } from 'react';
import { Link, Navigate } from 'react-router';
import { copy } from '@/shared/copy';
import { roleHome } from '@/shared/roles';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/lib/session';
import { categoriesQuery, dealsQuery, productsQuery } from '@/web/features/catalog/api/catalog-queries';
import { useNextShelf } from '@/web/features/catalog/api/next-shelf';
import { CategoryTile } from '@/web/features/catalog/components/category-cards';
import { BogoOfferCard, BundleCard, DealCardSkeleton } from '@/web/features/catalog/components/deal-cards';
import { KitchenCard, KitchenCardSkeleton } from '@/web/features/kitchens/components/kitchen-card';
import { SavedResultsNotice } from '@/web/features/network/components/offline-notices';
import { ProductGrid, ProductGridSkeleton } from '@/web/features/catalog/components/product-card';
import { QueryError } from '@/web/components/ui/query-error';
import { ScrollRow } from '@/web/components/ui/scroll-row';
import { SectionHeading } from '@/web/components/ui/section-heading';
import { useNearbyKitchens } from '@/web/features/kitchens/api/nearby-kitchens-query';
import { useBrowsingWarehouse, useWarehouseId } from '@/web/features/locations/selected-warehouse';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';

const promiseIcons = [Truck, ShieldCheck, Clock];

/**
 * The sections under the fold of a phone are laid out and painted only once they come near the screen
 * (`content-visibility: auto`), at a size estimated until then, then remembered (`auto`). Their content is in
 * the page all along: for find in page, the keyboard and assistive technology.
 */
const belowTheFold = {
  deals: '[content-visibility:auto] [contain-intrinsic-size:auto_56rem]',
  popular: '[content-visibility:auto] [contain-intrinsic-size:auto_72rem]',
  kitchens: '[content-visibility:auto] [contain-intrinsic-size:auto_30rem]',
};
/** The deal cards rendered before their row comes near the screen: as many as a wide screen shows at once. */
const dealCardsAtFirst = 4;

export function HomePage() {
  const auth = useAuth();
  if (auth.status === 'signed-in') {
    // Kitchen owners and staff have their own home.
    if (auth.profile.kitchenId) return <Navigate to={paths.cloudKitchen} replace />;
    if (auth.profile.role !== 'customer') return <Navigate to={roleHome[auth.profile.role]} replace />;
  }

  return (
    <div className="flex flex-col gap-12">
      <Hero />
      <CategoriesStrip />
      <DealsSection />
      <PopularProducts />
      <KitchensTeaser />
    </div>
  );
}

function Hero() {
  return (
    <section className="relative grid gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-primary/15 via-secondary to-background px-6 py-10 sm:px-12 sm:py-14">
      <ChefHat aria-hidden className="pointer-events-none absolute -right-10 -bottom-12 size-64 rotate-12 text-primary/10 max-sm:hidden" />
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{copy.home.eyebrow}</p>
      <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{copy.home.title}</h1>
      <p className="max-w-xl text-lg text-muted-foreground">
        {copy.home.intro}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={paths.products}>
            {copy.footer.shopGroceries} <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.cloudKitchens}>{copy.footer.cloudKitchens}</Link>
        </Button>
      </div>
      <ul aria-label={copy.home.promisesLabel} className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
        {copy.footer.promises.map((promise, index) => {
          const Icon = promiseIcons[index] ?? Truck;
          return (
            <li key={promise} className="inline-flex items-center gap-1.5">
              <Icon className="size-4 text-primary" aria-hidden />
              {promise}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const stripClass =
  'relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:pb-0 md:grid-cols-5 lg:grid-cols-7';

function CategoriesStrip() {
  const warehouseId = useWarehouseId();
  const categories = useQuery(categoriesQuery(warehouseId));
  // Each section renders its data in a transition, in slices, so its arrival does not block input (ADR 058).
  const data = useDeferredValue(categories.data);
  if (data?.length === 0) return null;
  return (
    <section aria-labelledby="home-categories">
      <SectionHeading id="home-categories" title={copy.home.categories} viewAllTo={paths.categories} viewAllLabel={copy.home.allCategories} />
      {categories.isError ? (
        <QueryError compact title={copy.home.categoriesError} error={categories.error} onRetry={() => void categories.refetch()} />
      ) : data ? (
        // One tab stop for the whole strip (arrow keys move along it), so the keyboard reaches the deals in a few presses.
        <Toolbar.Root aria-labelledby="home-categories" loop={false} className={stripClass}>
          {data.map((category) => (
            <Toolbar.Link key={category.id} asChild>
              <CategoryTile category={category} className="w-32 shrink-0 snap-start sm:w-auto" />
            </Toolbar.Link>
          ))}
        </Toolbar.Root>
      ) : (
        <ul aria-busy className={stripClass}>
          {Array.from({ length: 7 }, (_, index) => (
            <li key={index} aria-hidden className="w-32 shrink-0 sm:w-auto">
              <div className="overflow-hidden rounded-xl border bg-card">
                <Skeleton className="aspect-[3/2]" />
                <div className="grid gap-1.5 p-2.5">
                  <Skeleton className="h-4 w-4/5 rounded" />
                  <Skeleton className="h-3 w-1/2 rounded" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DealsSection() {
  const queryClient = useQueryClient();
  const warehouse = useBrowsingWarehouse();
  // When the customer's location resolves to another warehouse, the cards stay (dimmed) until its deals are in:
  // a tap under way is not lost with a card taken away, and the cards of deals both offer are kept, updated.
  const deals = useQuery({ ...dealsQuery(warehouse?.id), placeholderData: keepPreviousData });
  // Two dozen cards: deferred like the categories.
  const data = useDeferredValue(deals.data);
  if (data && data.bundles.length === 0 && data.bogoOffers.length === 0) return null;
  // The cards shown are not (yet) the delivering warehouse's: their adds go to that warehouse.
  const stale = data !== (deals.isPlaceholderData ? undefined : deals.data);
  const next = stale
    ? { name: warehouse?.name ?? copy.app.defaultWarehouseLabel, deals: () => queryClient.ensureQueryData(dealsQuery(warehouse?.id)) }
    : undefined;

  return (
    <section aria-labelledby="home-deals" className={`flex flex-col gap-6 ${belowTheFold.deals}`}>
      <SectionHeading id="home-deals" title={copy.home.deals} description={copy.home.dealsDescription} />
      {deals.isError ? (
        <QueryError compact title={copy.home.dealsError} error={deals.error} onRetry={() => void deals.refetch()} />
      ) : !data ? (
        <div aria-busy className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <DealCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <div aria-busy={stale} className={cn('flex flex-col gap-6 transition-opacity', stale && 'opacity-60')}>
          {data.bundles.length > 0 ? (
            <div className="flex flex-col gap-3">
              <h3 className="text-lg font-semibold">
                Bundles <span className="text-sm font-normal text-muted-foreground">({data.bundles.length})</span>
              </h3>
              <ScrollRow label={copy.home.bundles} eagerCount={dealCardsAtFirst}>
                {data.bundles.map((bundle) => (
                  <BundleCard key={bundle.id} bundle={bundle} warehouseId={data.warehouseId} next={next} headingLevel="h4" />
                ))}
              </ScrollRow>
            </div>
          ) : null}
          {data.bogoOffers.length > 0 ? (
            <div className="flex flex-col gap-3">
              <h3 className="text-lg font-semibold">
                Buy more, pay less <span className="text-sm font-normal text-muted-foreground">({data.bogoOffers.length})</span>
              </h3>
              <ScrollRow label={copy.home.offers} eagerCount={dealCardsAtFirst}>
                {data.bogoOffers.map((offer) => (
                  <BogoOfferCard key={offer.id} offer={offer} warehouseId={data.warehouseId} next={next} headingLevel="h4" />
                ))}
              </ScrollRow>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function PopularProducts() {
  const warehouseId = useWarehouseId();
  const products = useQuery(productsQuery({ warehouseId, sort: 'relevance', page: 1, pageSize: 8 }));
  // Deferred like the categories.
  const data = useDeferredValue(products.data);
  // As the deals: the cards shown are not (yet) the delivering warehouse's, so their adds go to that warehouse.
  const stale = data !== (products.isPlaceholderData ? undefined : products.data);
  const next = useNextShelf(stale);
  if (data?.items.length === 0) return null;
  return (
    <section aria-labelledby="home-popular" className={belowTheFold.popular}>
      <SectionHeading id="home-popular" title={copy.home.popular} viewAllTo={paths.products} viewAllLabel={copy.home.allProducts} />
      <SavedResultsNotice show={Boolean(data)} />
      {products.isError ? (
        <QueryError compact title={copy.home.productsError} error={products.error} onRetry={() => void products.refetch()} />
      ) : data ? (
        <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
          <ProductGrid label={copy.home.popular} products={data.items} warehouseId={data.warehouseId} next={next} />
        </div>
      ) : (
        <ProductGridSkeleton count={8} />
      )}
    </section>
  );
}

function KitchensTeaser() {
  const nearby = useNearbyKitchens();
  // Failures are announced by a toast; an empty teaser is simply left out.
  if (!nearby.isPending && nearby.kitchens.length === 0) return null;
  return (
    <section aria-labelledby="home-kitchens" className={belowTheFold.kitchens}>
      <SectionHeading
        id="home-kitchens"
        title={copy.home.kitchens}
        description={copy.home.kitchensDescription}
        viewAllTo={paths.cloudKitchens}
        viewAllLabel={copy.home.allKitchens}
      />
      <ul aria-label={copy.home.kitchensLabel} aria-busy={nearby.isPending} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {nearby.isPending
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={index} aria-hidden>
                <KitchenCardSkeleton />
              </li>
            ))
          : nearby.kitchens.slice(0, 4).map((kitchen) => (
              <li key={kitchen.id}>
                <KitchenCard kitchen={kitchen} />
              </li>
            ))}
      </ul>
    </section>
  );
}
