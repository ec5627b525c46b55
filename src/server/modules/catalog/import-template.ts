import Papa from 'papaparse';
import { productColumns, shelfColumn, shelfFields } from '@/shared/contracts/catalog-import';
import type { Db } from '../../db/client';
import { loadImportReferences } from './preview-product-import';

/**
 * The import file's header for today's warehouses, with two example rows in the catalog's first
 * category: one sold everywhere, one in the first warehouse only (blank shelf cells leave a shelf as it is).
 */
export async function importTemplate(db: Db): Promise<string> {
  const { categories, warehouses } = await loadImportReferences(db);
  const category = categories[0];
  const subcategory = category?.subcategories[0];
  const header = [...productColumns, ...warehouses.flatMap((warehouse) => shelfFields.map((field) => shelfColumn(field, warehouse.name)))];
  const product = (values: Record<(typeof productColumns)[number], string>) => productColumns.map((column) => values[column]);
  const rows = [
    [
      ...product({
        sku: 'EXAMPLE-OAT-MILK',
        name: 'Oat Milk',
        brand: 'Oatly',
        unit: '64 fl oz',
        category: category?.slug ?? '',
        subcategory: subcategory?.slug ?? '',
        short_description: 'Creamy oat drink',
        description: 'Made from oats.\nShake well before use.',
        image_urls: '',
      }),
      ...warehouses.flatMap(() => ['499', '24', 'true']),
    ],
    [
      ...product({
        sku: 'EXAMPLE-SOURDOUGH',
        name: 'Sourdough Loaf',
        brand: '',
        unit: '1 loaf',
        category: category?.name ?? '',
        subcategory: '',
        short_description: 'Baked this morning',
        description: '',
        image_urls: '',
      }),
      ...warehouses.flatMap((_, index) => (index === 0 ? ['650', '10', 'yes'] : ['', '', ''])),
    ],
  ];
  return Papa.unparse([header, ...rows], { newline: '\r\n' }) + '\r\n';
}
