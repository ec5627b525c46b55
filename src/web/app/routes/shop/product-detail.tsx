import { useQuery } from '@tanstack/react-query';
import { ChevronRight, PackageSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isId } from '@/shared/contracts/id-format';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { Button } from '@/web/components/ui/button';
import { Price } from '@/web/components/ui/price';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { dealsQuery, productQuery } from '@/web/features/catalog/api/catalog-queries';
import { productsHref } from '@/web/features/catalog/components/catalog-links';
import { ProductGallery } from '@/web/features/catalog/components/product-gallery';
import { SavedResultsNotice } from '@/web/features/network/components/offline-notices';
import { ProductGrid } from '@/web/features/catalog/components/product-card';
import { BogoCallout, ProductPurchase, StockStatus } from '@/web/features/catalog/components/product-purchase';
import { QueryError } from '@/web/components/ui/query-error';
import { RatingSummary } from '@/web/features/orders/components/rating-summary';
import { useWarehouseId } from '@/web/features/locations/selected-warehouse';
import { ApiError } from '@/web/lib/api-client';
import { copy } from '@/shared/copy';

export function ProductDetailPage() {
  const productId = useParams().id ?? '';
  const validId = isId(productId);
  const selectedWarehouseId = useWarehouseId();
  const product = useQuery({ ...productQuery(productId, selectedWarehouseId), enabled: validId });
  // The deals answer has the offer's set price and availability.
  const deals = useQuery(dealsQuery(selectedWarehouseId));
  const warehouseId = product.data?.warehouseId;
  usePageTitle(product.data?.name);

  if (!validId || (product.error instanceof ApiError && product.error.status === 404)) {
    return <ProductNotFound message={product.error?.message} />;
  }
  if (product.isError) {
    return <QueryError title={copy.productDetail.loadError} error={product.error} onRetry={() => void product.refetch()} />;
  }
  if (!product.data) return <PageSpinner />;

  const item = product.data;
  const images = item.images.length > 0 ? item.images : item.image ? [item.image] : [];
  const offer = item.bogo ? deals.data?.bogoOffers.find((candidate) => candidate.id === item.bogo?.id) : undefined;

  return (
    <div className="grid grid-cols-1 gap-8">
      <SavedResultsNotice />
      <nav aria-label={copy.productDetail.breadcrumb}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to={paths.home} className="hover:text-foreground hover:underline">
              {copy.productDetail.home}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-3.5" />
          </li>
          <li>
            <Link to={productsHref({ category: item.category.id })} className="hover:text-foreground hover:underline">
              {item.category.name}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-3.5" />
          </li>
          <li className="max-w-[16rem] truncate font-medium text-foreground sm:max-w-none">
            <span aria-current="page">{item.name}</span>
          </li>
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:gap-12">
        <div className="md:sticky md:top-24 md:self-start">
          <ProductGallery key={item.id} images={images} name={item.name} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-5">
          <div className="grid gap-2">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{item.brand}</p>
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{item.name}</h1>
            <p className="text-muted-foreground">
              {item.unit}
              {item.subcategory ? (
                <>
                  {' · '}
                  <Link to={productsHref({ category: item.category.id, subcategory: item.subcategory.id })} className="underline-offset-4 hover:text-foreground hover:underline">
                    {item.subcategory.name}
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Price amount={item.price} className="text-3xl" />
            <StockStatus inStock={item.inStock} stockQuantity={item.stockQuantity} />
          </div>
          {item.shortDescription ? <p className="text-base">{item.shortDescription}</p> : null}
          {item.bogo ? <BogoCallout bogo={item.bogo} offer={offer} warehouseId={warehouseId} /> : null}
          <ProductPurchase key={item.id} product={item} warehouseId={warehouseId} />
          <section aria-labelledby="product-about" className="grid gap-2">
            <h2 id="product-about" className="text-lg font-semibold">
              {copy.productDetail.about}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{item.description}</p>
            <p className="text-xs text-muted-foreground">SKU {item.sku}</p>
          </section>
          <RatingSummary kind="products" id={item.id} headingId="product-ratings" />
        </div>
      </div>

      {item.related.length > 0 ? (
        <section aria-labelledby="product-related" className="grid gap-4">
          <h2 id="product-related" className="text-xl font-bold tracking-tight">
            {copy.productDetail.related}
          </h2>
          <ProductGrid label={copy.productDetail.relatedLabel} products={item.related} warehouseId={warehouseId} />
        </section>
      ) : null}
    </div>
  );
}

function ProductNotFound({ message }: { message?: string }) {
  usePageTitle(copy.productDetail.notFound);
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <PackageSearch className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">{copy.productDetail.notFound}</h1>
      <p className="max-w-md text-muted-foreground">{message ?? copy.productDetail.notFoundBody}</p>
      <Button asChild>
        <Link to={paths.products}>{copy.productDetail.browse}</Link>
      </Button>
    </div>
  );
}
