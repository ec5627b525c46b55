import { sql } from 'drizzle-orm';
import type { BogoOffer, Bundle, Deals } from '@/shared/contracts/catalog';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { resolveWarehouse } from '../locations/get-warehouse';
import { bogoOffers } from './catalog.tables';
import { mediaUrl } from './media-urls';

const offerKeys = ['id', 'name', 'description', 'productId', 'buyQuantity', 'getQuantity'] as const;
type OfferKey = (typeof offerKeys)[number];
const offerColumns = tableColumns(bogoOffers, 'o', offerKeys);

/** The bundles and buy-X-get-Y offers (active and inside their window, by server time) the warehouse can sell, priced at its prices. */
export async function listDeals(options: { db: Db; warehouseId?: string }): Promise<Deals> {
  const { db } = options;
  const warehouse = await resolveWarehouse(options);
  const [bundles, offers] = await Promise.all([
    queryRows<Omit<Bundle, 'image'> & { image: string | null }>(
      db,
      sql`select b.id, b.name, b.description, b.image_url as image, b.discounted_price as price,
            coalesce(sum(wp.price * bi.quantity), 0)::int as "originalPrice",
            bool_and(coalesce(wp.active and wp.stock_quantity >= bi.quantity, false)) as available,
            json_agg(json_build_object('productId', p.id, 'name', p.name, 'quantity', bi.quantity, 'image', p.product_images[1]) order by p.name) as items
          from product_bundles b
          join bundle_items bi on bi.bundle_id = b.id
          join products p on p.id = bi.product_id
          left join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = ${warehouse.id}
          where b.active
          group by b.id
          order by b.name`,
    ),
    queryRows<Pick<typeof bogoOffers.$inferSelect, OfferKey>, Omit<BogoOffer, OfferKey>>(
      db,
      sql`select ${offerColumns.sql}, p.name as "productName",
            p.product_images[1] as image,
            (o.buy_quantity * wp.price) as price,
            ((o.buy_quantity + o.get_quantity) * wp.price) as "originalPrice",
            (wp.stock_quantity >= o.buy_quantity + o.get_quantity) as available
          from bogo_offers o
          join products p on p.id = o.product_id
          join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = ${warehouse.id} and wp.active
          where o.active
            and (o.starts_at is null or o.starts_at <= now())
            and (o.ends_at is null or o.ends_at > now())
          order by o.name`,
      offerColumns,
    ),
  ]);
  return {
    warehouseId: warehouse.id,
    bundles: bundles.map((item) => ({ ...item, image: item.image ?? mediaUrl.bundle(item.id) })),
    bogoOffers: offers,
  };
}
