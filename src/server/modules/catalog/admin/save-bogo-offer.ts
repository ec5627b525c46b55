import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { bogoInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { bogoOffers, products } from '../catalog.tables';
import { assertAdmin, fieldError, notFound, refusals } from './catalog-admin-errors';

/** Creates a buy-X-get-Y offer (no id) or changes one. */
export async function saveBogoOffer(options: { db: Db; viewer: Viewer; offerId?: string; input: z.output<typeof bogoInput> }): Promise<string> {
  const { db, viewer, offerId, input } = options;
  assertAdmin(viewer);
  const values = { ...input, startsAt: input.startsAt ? new Date(input.startsAt) : null, endsAt: input.endsAt ? new Date(input.endsAt) : null };
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
    if (!product) throw fieldError('productId', refusals.productUnknown);
    if (!offerId) {
      const [created] = await tx.insert(bogoOffers).values(values).returning({ id: bogoOffers.id });
      await recordAudit(tx, viewer, { action: 'bogo_offer.created', entityType: 'bogo_offer', entityId: created!.id, summary: auditCopy.catalog.offerCreated(input.name), after: input });
      return created!.id;
    }
    const [before] = await tx.select().from(bogoOffers).where(eq(bogoOffers.id, offerId)).for('update');
    if (!before) throw notFound(refusals.offerNotFound);
    await tx.update(bogoOffers).set(values).where(eq(bogoOffers.id, offerId));
    await recordAudit(tx, viewer, {
      action: 'bogo_offer.updated',
      entityType: 'bogo_offer',
      entityId: offerId,
      summary: auditCopy.catalog.offerEdited(input.name),
      before: {
        name: before.name,
        description: before.description,
        productId: before.productId,
        buyQuantity: before.buyQuantity,
        getQuantity: before.getQuantity,
        active: before.active,
        startsAt: before.startsAt,
        endsAt: before.endsAt,
      },
      after: input,
    });
    return offerId;
  });
}
