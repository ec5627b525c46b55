import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { categoryInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { categories } from '../catalog.tables';
import { assertAdmin, fieldError, notFound, refusals, slugOf, uniqueViolationOf } from './catalog-admin-errors';

/** Creates a category (no id) or changes one; its slug follows its name, and two categories never share one. */
export async function saveCategory(options: { db: Db; viewer: Viewer; categoryId?: string; input: z.output<typeof categoryInput> }): Promise<string> {
  const { db, viewer, categoryId, input } = options;
  assertAdmin(viewer);
  const values = { name: input.name, slug: slugOf(input.name), description: input.description, sortOrder: input.sortOrder };
  try {
    return await db.transaction(async (tx) => {
      if (!categoryId) {
        const [created] = await tx.insert(categories).values(values).returning();
        await recordAudit(tx, viewer, { action: 'category.created', entityType: 'category', entityId: created!.id, summary: auditCopy.catalog.categoryCreated(values.name), after: values });
        return created!.id;
      }
      const [before] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
      if (!before) throw notFound(refusals.categoryNotFound);
      // A slug is in shoppers' links: it only follows a new name.
      if (before.name === values.name) values.slug = before.slug;
      await tx.update(categories).set(values).where(eq(categories.id, categoryId));
      await recordAudit(tx, viewer, {
        action: 'category.updated',
        entityType: 'category',
        entityId: categoryId,
        summary: auditCopy.catalog.categoryEdited(values.name),
        before: { name: before.name, slug: before.slug, description: before.description, sortOrder: before.sortOrder },
        after: values,
      });
      return categoryId;
    });
  } catch (error) {
    if (uniqueViolationOf(error)) throw fieldError('name', refusals.nameTaken);
    throw error;
  }
}
