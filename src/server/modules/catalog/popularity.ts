import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { errorEntry, type Logger } from '../../lib/logger';
import { listWarehouses } from '../locations/list-warehouses';
import { unitsOrdered } from '../orders/order-records';
import { productAverages } from '../reviews/rating-records';

/** How far back 'popular' looks: units ordered in the last four weeks. */
export const POPULAR_WINDOW_DAYS = 28;

/** How often each instance copies popularity into the catalog (ADR 043: a page may rank by sales up to a minute old). */
export const POPULARITY_REFRESH_INTERVAL_MS = 60 * 1000;

/**
 * Copies what each active warehouse sold recently (orders module) and how products are rated (reviews
 * module) into `product_popularity`, the table the default sort and search read. Only rows that
 * changed are written, so a refresh with nothing new writes nothing.
 */
export async function refreshPopularity(options: { db: Db; now?: Date }): Promise<void> {
  const { db } = options;
  const since = new Date((options.now ?? new Date()).getTime() - POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const [warehouses, rated] = await Promise.all([listWarehouses({ db }), productAverages(db)]);
  for (const warehouse of warehouses) {
    const sold = await unitsOrdered(db, { warehouseId: warehouse.id, since });
    const byProduct = new Map<string, { product_id: string; units: number; rating: number | null }>();
    for (const { productId, average } of rated) byProduct.set(productId, { product_id: productId, units: 0, rating: average });
    for (const { productId, units } of sold) byProduct.set(productId, { product_id: productId, units, rating: byProduct.get(productId)?.rating ?? null });
    const rows = JSON.stringify([...byProduct.values()].filter((row) => row.units > 0 || row.rating !== null));
    await db.transaction(async (tx) => {
      // Instances refresh on their own timers; one that finds another writing this warehouse's rows
      // leaves them to it instead of queueing behind it, or deadlocking with it on the same keys.
      const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${`product_popularity:${warehouse.id}`})) as taken`);
      if (!lock?.taken) return;
      await tx.execute(sql`delete from product_popularity pop
        where pop.warehouse_id = ${warehouse.id}
          and not exists (select 1 from jsonb_to_recordset(${rows}::jsonb) as r(product_id uuid) where r.product_id = pop.product_id)`);
      // A product deleted since the orders and ratings were read is left out rather than refused.
      await tx.execute(sql`insert into product_popularity as pop (warehouse_id, product_id, units, rating)
        select ${warehouse.id}, r.product_id, r.units, r.rating
        from jsonb_to_recordset(${rows}::jsonb) as r(product_id uuid, units int, rating real)
        where exists (select 1 from products p where p.id = r.product_id)
        on conflict (warehouse_id, product_id) do update set units = excluded.units, rating = excluded.rating
        where (pop.units, pop.rating) is distinct from (excluded.units, excluded.rating)`);
    });
  }
}

/** Refreshes popularity at start-up and then on an interval, one run at a time, until stopped. */
export function startPopularityRefresh(options: { db: Db; logger: Logger; intervalMs?: number }): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = refreshPopularity({ db: options.db })
      .catch((error: unknown) => options.logger.error(errorEntry(error), 'popularity refresh failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? POPULARITY_REFRESH_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
