import { importCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { ProductImport } from '@/web/features/admin/components/product-import';

export function ImportProductsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title={importCopy.title} description={importCopy.description} />
      <ProductImport />
    </div>
  );
}
