import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { subcategoryInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { categories, subcategories } from '../catalog.tables';
import { assertAdmin, fieldError, notFound, refusals, slugOf, uniqueViolationOf } from './catalog-admin-errors';

/**
 * Creates a subcategory (no id) or changes one, possibly moving it to another category. Its slug is
 * its category's and its own name, so "Fresh" may exist under two categories.
 */
export async function saveSubcategory(options: {
  db: Db;
  viewer: Viewer;
  subcategoryId?: string;
  input: z.output<typeof subcategoryInput>;
}): Promise<string> {
  const { db, viewer, subcategoryId, input } = options;
  assertAdmin(viewer);
  try {
    return await db.transaction(async (tx) => {
      const [category] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, input.categoryId));
      if (!category) throw fieldError('categoryId', refusals.categoryNotFound);
      const values = { categoryId: input.categoryId, name: input.name, slug: `${category.slug}-${slugOf(input.name)}`, sortOrder: input.sortOrder };
      if (!subcategoryId) {
        const [created] = await tx.insert(subcategories).values(values).returning();
        await recordAudit(tx, viewer, { action: 'subcategory.created', entityType: 'subcategory', entityId: created!.id, summary: auditCopy.catalog.subcategoryCreated(values.name), after: values });
        return created!.id;
      }
      const [before] = await tx.select().from(subcategories).where(eq(subcategories.id, subcategoryId)).for('update');
      if (!before) throw notFound(refusals.subcategoryNotFound);
      // A slug is in shoppers' links: it only follows a new name or category.
      if (before.name === values.name && before.categoryId === values.categoryId) values.slug = before.slug;
      await tx.update(subcategories).set(values).where(eq(subcategories.id, subcategoryId));
      await recordAudit(tx, viewer, {
        action: 'subcategory.updated',
        entityType: 'subcategory',
        entityId: subcategoryId,
        summary: auditCopy.catalog.subcategoryEdited(values.name),
        before: { categoryId: before.categoryId, name: before.name, slug: before.slug, sortOrder: before.sortOrder },
        after: values,
      });
      return subcategoryId;
    });
  } catch (error) {
    if (uniqueViolationOf(error)) throw fieldError('name', refusals.nameTaken);
    throw error;
  }
}
