import { asc, eq } from 'drizzle-orm';
import type { AdminBogoOffer } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { bogoOffers, products } from '../catalog.tables';
import { assertAdmin } from './catalog-admin-errors';

/** Every buy-X-get-Y offer, active or not. */
export async function listAdminBogoOffers(options: { db: Db; viewer: Viewer }): Promise<AdminBogoOffer[]> {
  assertAdmin(options.viewer);
  const rows = await options.db
    .select({
      id: bogoOffers.id,
      name: bogoOffers.name,
      description: bogoOffers.description,
      productId: bogoOffers.productId,
      productName: products.name,
      buyQuantity: bogoOffers.buyQuantity,
      getQuantity: bogoOffers.getQuantity,
      active: bogoOffers.active,
      startsAt: bogoOffers.startsAt,
      endsAt: bogoOffers.endsAt,
    })
    .from(bogoOffers)
    .innerJoin(products, eq(products.id, bogoOffers.productId))
    .orderBy(asc(bogoOffers.name));
  return rows.map((row) => ({ ...row, startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null }));
}
