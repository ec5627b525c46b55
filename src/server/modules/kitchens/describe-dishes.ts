import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';
import { mediaUrl } from '../catalog/media-urls';

/** What the kitchens module says about a dish a cart holds or wants. Money in cents. */
export interface CartDish {
  id: string;
  name: string;
  image: string;
  kitchenId: string;
  kitchenName: string;
  price: number;
  /** On the menu of an approved, active kitchen. Dishes are cooked to order: there is no stock. */
  available: boolean;
}

const dishRows = preparedQuery<{ dishIds: string }, Omit<CartDish, 'image'> & { image: string | null }>(
  'describe_dishes',
  ({ dishIds }) => sql`select d.id, d.name, d.price, d.images[1] as image, k.id as "kitchenId", k.business_name as "kitchenName",
      d.available and not d.hidden and k.approved and k.active as available
    from cloud_kitchen_products d
    join cloud_kitchens k on k.id = d.cloud_kitchen_id
    where d.id in (select value::uuid from jsonb_array_elements_text(${dishIds}::jsonb))`,
);

/** The dishes of a cart, in one query whatever their number; a dish that does not exist is absent. */
export async function describeDishes(options: { db: Db; dishIds: readonly string[] }): Promise<Map<string, CartDish>> {
  if (options.dishIds.length === 0) return new Map();
  const rows = await dishRows(options.db, { dishIds: JSON.stringify([...new Set(options.dishIds)]) });
  return new Map(rows.map((row) => [row.id, { ...row, image: row.image ?? mediaUrl.dish(row.id) }]));
}
