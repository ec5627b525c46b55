import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { QueryError } from '@/web/components/ui/query-error';
import { PageSpinner } from '@/web/components/ui/spinner';
import { paths } from '@/web/config/paths';
import { adminProductQuery, useSetProductActive } from '@/web/features/admin/api/catalog';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { ProductForm } from '@/web/features/admin/components/product-form';
import { ShelvesEditor } from '@/web/features/admin/components/shelves-editor';
import { DashboardPage } from '../dashboard-page';
import { catalogEditorCopy } from '@/shared/staff-copy';

function BackToProducts() {
  return (
    <Link to={paths.adminCatalog} className="inline-flex min-h-10 items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> {catalogEditorCopy.productPage.back}
    </Link>
  );
}

export function NewCatalogProductPage() {
  const navigate = useNavigate();
  return (
    <DashboardPage title={catalogEditorCopy.productPage.newTitle} description={catalogEditorCopy.productPage.newDescription}>
      <CatalogTabs />
      <BackToProducts />
      <Card>
        <CardContent className="pt-6">
          <ProductForm onSaved={(product) => navigate(paths.adminCatalogProduct(product.id), { replace: true })} />
        </CardContent>
      </Card>
    </DashboardPage>
  );
}

export function CatalogProductPage() {
  const { id = '' } = useParams();
  const product = useQuery(adminProductQuery(id));
  const setActive = useSetProductActive();
  if (product.isPending) return <PageSpinner />;
  if (product.isError) return <QueryError title={catalogEditorCopy.productPage.loadError} error={product.error} onRetry={() => void product.refetch()} />;
  const stocked = product.data.shelves.filter((shelf) => shelf.price !== null);
  const selling = stocked.filter((shelf) => shelf.active).length;
  return (
    <DashboardPage title={product.data.name} description={`SKU ${product.data.sku}.`}>
      <CatalogTabs />
      <BackToProducts />
      <Card>
        <CardHeader>
          <CardTitle>{catalogEditorCopy.productPage.details}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProductForm key={product.dataUpdatedAt} product={product.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{catalogEditorCopy.productPage.warehouses}</CardTitle>
          {stocked.length > 0 ? (
            selling > 0 ? (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="lg">
                    {catalogEditorCopy.productPage.stopSellingEverywhere}
                  </Button>
                }
                title={catalogEditorCopy.productPage.stopSellingTitle(product.data.name)}
                description={catalogEditorCopy.productPage.stopSellingDescription(selling)}
                confirmLabel={catalogEditorCopy.productPage.stopSelling}
                destructive
                onConfirm={() => setActive.mutateAsync({ id, active: false })}
              />
            ) : (
              <Button variant="outline" size="lg" busy={setActive.isPending} onClick={() => setActive.mutate({ id, active: true })}>
                {catalogEditorCopy.productPage.sellEverywhere}
              </Button>
            )
          ) : null}
        </CardHeader>
        <CardContent>
          <ShelvesEditor product={product.data} />
        </CardContent>
      </Card>
    </DashboardPage>
  );
}
