import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { discountInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { categories, discounts, products, subcategories } from '../catalog.tables';
import { assertAdmin, fieldError, notFound, refusals } from './catalog-admin-errors';

const targetTables = { product: products, subcategory: subcategories, category: categories } as const;

/** Creates a quantity discount (no id) or changes one; it applies to one product, subcategory or category, or to every product. */
export async function saveDiscount(options: { db: Db; viewer: Viewer; discountId?: string; input: z.output<typeof discountInput> }): Promise<string> {
  const { db, viewer, discountId, input } = options;
  assertAdmin(viewer);
  const values = {
    name: input.name,
    productId: input.scope === 'product' ? input.targetId : null,
    subcategoryId: input.scope === 'subcategory' ? input.targetId : null,
    categoryId: input.scope === 'category' ? input.targetId : null,
    minQuantity: input.minQuantity,
    percentage: input.percentage,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    active: input.active,
  };
  return db.transaction(async (tx) => {
    if (input.scope !== 'all') {
      const table = targetTables[input.scope];
      const [target] = input.targetId ? await tx.select({ id: table.id }).from(table).where(eq(table.id, input.targetId)) : [];
      if (!target) throw fieldError('targetId', refusals.targetUnknown);
    }
    if (!discountId) {
      const [created] = await tx.insert(discounts).values(values).returning({ id: discounts.id });
      await recordAudit(tx, viewer, { action: 'discount.created', entityType: 'discount', entityId: created!.id, summary: auditCopy.catalog.discountCreated(input.name), after: values });
      return created!.id;
    }
    const [before] = await tx.select().from(discounts).where(eq(discounts.id, discountId)).for('update');
    if (!before) throw notFound(refusals.discountNotFound);
    await tx.update(discounts).set(values).where(eq(discounts.id, discountId));
    const { id: _id, ...beforeValues } = before;
    await recordAudit(tx, viewer, { action: 'discount.updated', entityType: 'discount', entityId: discountId, summary: auditCopy.catalog.discountEdited(input.name), before: beforeValues, after: values });
    return discountId;
  });
}
