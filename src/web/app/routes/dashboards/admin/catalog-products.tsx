import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { ListState } from '@/web/components/ui/list-state';
import { paths } from '@/web/config/paths';
import { adminCategoriesQuery, adminProductsQuery } from '@/web/features/admin/api/catalog';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { DashboardPage } from '../dashboard-page';
import { catalogEditorCopy } from '@/shared/staff-copy';

const pageSize = 25;

/** Every product, searched and filtered on the server; the filters live in the address, so a page can be shared or reloaded. */
export function CatalogProductsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const categoryId = params.get('category') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const products = useQuery(adminProductsQuery({ q: q || undefined, categoryId: categoryId || undefined, page, pageSize }));
  const categories = useQuery(adminCategoriesQuery);
  const searchId = useId();
  const categoryFieldId = useId();

  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    }, { replace: true });

  return (
    <DashboardPage title={catalogEditorCopy.common.catalog} description={catalogEditorCopy.productsPage.description}>
      <CatalogTabs />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor={searchId}>{catalogEditorCopy.productsPage.search}</Label>
          <Input id={searchId} type="search" placeholder={catalogEditorCopy.productsPage.searchPlaceholder} defaultValue={q} onChange={(event) => update({ q: event.target.value.trim() })} />
        </div>
        <div className="grid min-w-0 basis-48 gap-1.5">
          <Label htmlFor={categoryFieldId}>{catalogEditorCopy.common.category}</Label>
          <NativeSelect id={categoryFieldId} value={categoryId} onChange={(event) => update({ category: event.target.value })}>
            <option value="">{catalogEditorCopy.productsPage.allCategories}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button asChild size="lg">
          <Link to={paths.adminCatalogNewProduct}>
            <Plus aria-hidden /> {catalogEditorCopy.productsPage.new}
          </Link>
        </Button>
      </div>
      <ListState
        query={products}
        items={(answer) => answer.products}
        what={catalogEditorCopy.productsPage.what}
        errorTitle={catalogEditorCopy.productsPage.loadError}
        empty={q || categoryId ? catalogEditorCopy.productsPage.noMatch : catalogEditorCopy.productsPage.empty}
        skeleton={{ className: 'h-14' }}
      >
        {(list, data) => (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {catalogEditorCopy.productsPage.count(data.total)}
            </p>
            <ul className="grid min-w-0 grid-cols-1 gap-2" aria-label={catalogEditorCopy.productsPage.label}>
              {list.map((product) => (
                <li key={product.id}>
                  <Link to={paths.adminCatalogProduct(product.id)} className="flex min-h-14 items-center gap-3 rounded-lg border p-2 hover:bg-accent">
                    <CatalogImage src={product.image} alt="" className="size-12 shrink-0 rounded-md" />
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate font-medium">{product.name}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {product.sku} · {product.categoryName}
                        {product.brand ? ` · ${product.brand}` : ''}
                      </span>
                    </span>
                    <Badge tone={product.activeWarehouses > 0 ? 'success' : 'muted'} className="shrink-0">
                      {product.activeWarehouses > 0 ? catalogEditorCopy.productsPage.soldAt(product.activeWarehouses) : catalogEditorCopy.productsPage.notSold}
                    </Badge>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} onPageChange={(next) => update({ page: String(next) })} />
          </>
        )}
      </ListState>
    </DashboardPage>
  );
}
