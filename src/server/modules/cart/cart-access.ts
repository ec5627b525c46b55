import { sql } from 'drizzle-orm';
import type { CartItemType } from '@/shared/contracts/cart';
import { copy } from '@/shared/copy';
import { preparedQuery, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';

/**
 * The customer a cart belongs to. Only customers have a cart (SPEC §4); every cart use case asks here
 * first, so a route that forgot its guard still refuses everyone else.
 */
export function cartOwner(viewer: Viewer | undefined): string {
  if (!viewer) throw new AppError({ kind: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', message: copy.cart.staffNoCart });
  return viewer.profileId;
}

// An upsert that always updates takes the row lock whether the cart is new or not, in one statement.
const lockCartRow = preparedQuery<{ profileId: string }, { id: string }>(
  'lock_cart',
  ({ profileId }) => sql`insert into carts (profile_id) values (${profileId})
    on conflict (profile_id) do update set updated_at = now()
    returning id`,
);

/**
 * The customer's cart, created on first use and locked for the rest of the transaction,
 * so concurrent changes to one cart run one after another.
 */
export async function lockCart(tx: Db, profileId: string): Promise<string> {
  const [cart] = await lockCartRow(tx, { profileId });
  if (!cart) throw new AppError({ kind: 'INTERNAL', message: copy.cart.notInitialized });
  return cart.id;
}

/** A cart line as the cart stores it: what it is, how many, and the prices it was last written at. */
export interface StoredLine {
  id: string;
  itemType: CartItemType;
  productId: string | null;
  bundleId: string | null;
  bogoOfferId: string | null;
  cloudKitchenProductId: string | null;
  warehouseId: string;
  quantity: number;
  unitPrice: number;
  originalPrice: number;
}

const lineColumns = sql`ci.id, ci.item_type as "itemType", ci.product_id as "productId", ci.bundle_id as "bundleId",
  ci.bogo_offer_id as "bogoOfferId", ci.cloud_kitchen_product_id as "cloudKitchenProductId", ci.warehouse_id as "warehouseId",
  ci.quantity, ci.unit_price as "unitPrice", ci.original_price as "originalPrice"`;

const cartLines = preparedQuery<{ cartId: string }, StoredLine>(
  'cart_lines',
  ({ cartId }) => sql`select ${lineColumns} from cart_items ci where ci.cart_id = ${cartId} order by ci.added_order`,
);

/** The cart's lines in the order they were added. */
async function storedLines(tx: Db, cartId: string): Promise<StoredLine[]> {
  return cartLines(tx, { cartId });
}

const takeLines = preparedQuery<{ cartId: string }, StoredLine>(
  'take_cart_lines',
  ({ cartId }) => sql`with ci as (delete from cart_items where cart_id = ${cartId} returning *)
    select ${lineColumns} from ci order by ci.added_order`,
);

/**
 * Empties a cart the caller has locked and answers the lines it held, in the order they were added,
 * in one statement: an order placed from the cart takes its lines. A transaction that ends in a
 * refusal rolls back and leaves them in place.
 */
async function takeStoredLines(tx: Db, cartId: string): Promise<StoredLine[]> {
  return takeLines(tx, { cartId });
}

// Locks (or creates) the cart in the same statement that reads or takes its lines. The lines are read
// in the statement's snapshot, taken before the lock was granted, so they are used only when no one
// changed the cart in between: every cart write locks the cart by writing its row, which gives that row
// a new xmin. When the row's xmin moved, the lock is held (ON CONFLICT locks the row even when its
// WHERE fails) but no row is answered, and the caller reads the lines again under the lock.
const lockUnchangedCart = (profileId: string) => sql`seen as (
      select xmin::text as version from carts where profile_id = ${profileId}
    ), cart as (
      insert into carts (profile_id) values (${profileId})
      on conflict (profile_id) do update set updated_at = now() where carts.xmin::text = (select version from seen)
      returning id
    )`;

/** A cart's rows with its lines joined in; an empty cart has one, whose line columns are null. */
type CartRow = { cartId: string } & Partial<StoredLine>;

const cartOf = (rows: readonly CartRow[]) => ({
  cartId: rows[0]!.cartId,
  lines: rows.filter((row) => row.id != null).map(({ cartId: _cartId, ...line }) => line as StoredLine),
});

const lockAndRead = preparedQuery<{ profileId: string }, CartRow>(
  'lock_and_read_cart',
  ({ profileId }) => sql`with ${lockUnchangedCart(profileId)}
    select cart.id as "cartId", ${lineColumns} from cart left join cart_items ci on ci.cart_id = cart.id order by ci.added_order`,
);

/**
 * Locks the customer's cart (created on first use) for the rest of the transaction and answers its
 * lines in the order they were added: one statement unless another change to the cart committed while
 * this one waited for its lock.
 */
export async function lockCartLines(tx: Db, profileId: string): Promise<{ cartId: string; lines: StoredLine[] }> {
  const rows = await lockAndRead(tx, { profileId });
  if (rows.length === 0) {
    const cartId = await lockCart(tx, profileId);
    return { cartId, lines: await storedLines(tx, cartId) };
  }
  return cartOf(rows);
}

const lockAndTake = preparedQuery<{ profileId: string }, CartRow>(
  'lock_and_take_cart',
  ({ profileId }) => sql`with ${lockUnchangedCart(profileId)}, ci as (
      delete from cart_items using cart where cart_items.cart_id = cart.id returning cart_items.*
    )
    select cart.id as "cartId", ${lineColumns} from cart left join ci on true order by ci.added_order`,
);

/**
 * Locks the customer's cart (created on first use) for the rest of the transaction, empties it and
 * answers the lines it held, in the order they were added: an order placed from the cart takes its
 * lines, and a transaction that ends in a refusal rolls back and leaves them in place. One statement
 * unless another change to the cart committed while this one waited for its lock.
 */
export async function takeCart(tx: Db, profileId: string): Promise<{ cartId: string; lines: StoredLine[] }> {
  const rows = await lockAndTake(tx, { profileId });
  if (rows.length === 0) {
    const cartId = await lockCart(tx, profileId);
    return { cartId, lines: await takeStoredLines(tx, cartId) };
  }
  return cartOf(rows);
}

const cartWithLines = preparedQuery<{ profileId: string }, StoredLine & { cartId: string }>(
  'find_cart',
  ({ profileId }) => sql`select c.id as "cartId", ${lineColumns}
    from carts c left join cart_items ci on ci.cart_id = c.id
    where c.profile_id = ${profileId}
    order by ci.added_order`,
);

/** The customer's cart id (empty when they have none yet) and its lines, in one read. */
export async function findCart(db: Db, profileId: string): Promise<{ cartId: string; lines: StoredLine[] }> {
  const rows = await cartWithLines(db, { profileId });
  return { cartId: rows[0]?.cartId ?? '', lines: rows.filter((row) => row.id !== null).map(({ cartId: _cartId, ...line }) => line) };
}

const writeCartLine = preparedQuery<{ cartId: string; line: Omit<StoredLine, 'id'> }, { id: string }>(
  'write_cart_line',
  ({ cartId, line }) => sql`insert into cart_items (cart_id, item_type, product_id, bundle_id, bogo_offer_id, cloud_kitchen_product_id, warehouse_id, quantity, unit_price, original_price)
        values (${cartId}, ${line.itemType}, ${line.productId}, ${line.bundleId}, ${line.bogoOfferId}, ${line.cloudKitchenProductId},
          ${line.warehouseId}, ${line.quantity}, ${line.unitPrice}, ${line.originalPrice})
        on conflict (cart_id, item_type, item_ref) do update
          set quantity = excluded.quantity, unit_price = excluded.unit_price, original_price = excluded.original_price, updated_at = now()
        returning id`,
);

/** Writes a line, replacing the quantity and prices of the same item's line if there is one; answers its id. */
export async function writeLine(tx: Db, cartId: string, line: Omit<StoredLine, 'id'>): Promise<string> {
  const [written] = await writeCartLine(tx, { cartId, line });
  if (!written) throw new AppError({ kind: 'INTERNAL', message: copy.cart.notInitialized });
  return written.id;
}
