import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { productInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { categories, products, subcategories } from '../catalog.tables';
import { productPictures } from '../media-urls';
import { assertAdmin, fieldError, notFound, refusals, uniqueViolationOf } from './catalog-admin-errors';

type ProductFields = z.output<typeof productInput>;

/**
 * Creates a product (no id) or changes one. The SKU is unique across the catalog; the subcategory must
 * belong to the category. Answers the product's id.
 */
export async function saveProduct(options: { db: Db; viewer: Viewer; productId?: string; input: ProductFields }): Promise<string> {
  const { db, viewer, productId, input } = options;
  assertAdmin(viewer);
  const values = {
    name: input.name,
    sku: input.sku,
    brand: input.brand,
    unit: input.unit,
    shortDescription: input.shortDescription,
    description: input.description,
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    productImages: productPictures(input.sku, input.images),
  };
  try {
    return await db.transaction(async (tx) => {
      await checkCategory(tx, input.categoryId, input.subcategoryId);
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(productId ? and(eq(products.sku, input.sku), ne(products.id, productId)) : eq(products.sku, input.sku));
      if (taken) throw fieldError('sku', refusals.skuTaken);
      if (!productId) {
        const [created] = await tx.insert(products).values(values).returning();
        await recordAudit(tx, viewer, {
          action: 'product.created',
          entityType: 'product',
          entityId: created!.id,
          summary: auditCopy.catalog.productCreated(created!.name, created!.sku),
          after: values,
        });
        return created!.id;
      }
      const [before] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!before) throw notFound(refusals.productNotFound);
      await tx.update(products).set({ ...values, updatedAt: sql`now()` }).where(eq(products.id, productId));
      await recordAudit(tx, viewer, {
        action: 'product.updated',
        entityType: 'product',
        entityId: productId,
        summary: auditCopy.catalog.productEdited(values.name, values.sku),
        before: {
          name: before.name,
          sku: before.sku,
          brand: before.brand,
          unit: before.unit,
          shortDescription: before.shortDescription,
          description: before.description,
          categoryId: before.categoryId,
          subcategoryId: before.subcategoryId,
          productImages: before.productImages,
        },
        after: values,
      });
      return productId;
    });
  } catch (error) {
    if (uniqueViolationOf(error)) throw fieldError('sku', refusals.skuTaken);
    throw error;
  }
}

async function checkCategory(tx: Db, categoryId: string, subcategoryId: string | null) {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw fieldError('categoryId', refusals.categoryNotFound);
  if (!subcategoryId) return;
  const [subcategory] = await tx.select({ categoryId: subcategories.categoryId }).from(subcategories).where(eq(subcategories.id, subcategoryId));
  if (!subcategory) throw fieldError('subcategoryId', refusals.subcategoryNotFound);
  if (subcategory.categoryId !== categoryId) throw fieldError('subcategoryId', refusals.subcategoryOutsideCategory);
}
