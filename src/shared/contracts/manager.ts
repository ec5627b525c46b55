import { z } from 'zod';
import { cents, id, text } from './common';
import { lineFulfilments, substitutionPreferences } from './orders';
import { staffOrderRow } from './staff';

const page = z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1);
const count = (label: string) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(1_000_000, `${label} is too large`);

/** GET /api/inventory: a warehouse's shelves, searched, filtered to the low ones and paged on the server. */
export const inventoryQuery = z.object({
  warehouseId: id,
  q: text({ label: 'Search', max: 100 }).optional(),
  /** Only shelves whose stock is at or below their low-stock threshold. */
  lowStock: z.enum(['true', 'false'], { error: 'Low stock must be true or false' }).optional(),
  page,
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25),
});
export type InventoryQuery = z.input<typeof inventoryQuery>;

export const inventoryRow = z.object({
  productId: id,
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  category: z.string(),
  price: cents,
  stockQuantity: z.number().int(),
  lowStockThreshold: z.number().int(),
  active: z.boolean(),
});
export type InventoryRow = z.infer<typeof inventoryRow>;

export const inventoryPage = z.object({
  rows: z.array(inventoryRow),
  total: z.number().int(),
  /** Shelves of this warehouse at or below their threshold, whatever the search. */
  lowStockCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InventoryPage = z.infer<typeof inventoryPage>;

export const inventoryParams = z.object({ warehouseId: id, productId: id });

/** PATCH /api/inventory/{warehouseId}/{productId}: the fields to change; the others keep their value. */
export const inventoryChange = z
  .object({
    price: count('Price').min(1, 'Price must be more than zero').optional(),
    stockQuantity: count('Stock').optional(),
    lowStockThreshold: count('Low-stock threshold').optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'Change at least one field');
export type InventoryChange = z.infer<typeof inventoryChange>;

/** GET /api/manager/pick-list?orderIds=a,b: the lines to pick of one or several orders. */
export const pickListQuery = z.object({
  orderIds: z
    .string({ error: 'Choose at least one order' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(id).min(1, 'Choose at least one order').max(20, 'At most 20 orders at once')),
});

export const pickLine = z.object({
  lineId: id,
  orderId: id,
  orderNumber: z.string(),
  itemType: z.enum(['product', 'bundle', 'bogo']),
  productId: id.nullable(),
  name: z.string(),
  detail: z.string(),
  quantity: z.number().int(),
  unitPrice: cents,
  substitution: z.enum(substitutionPreferences).nullable(),
  /** Units on the shelf now, for a product line. */
  stockQuantity: z.number().int().nullable(),
  fulfilment: z.enum(lineFulfilments),
  unavailableQuantity: z.number().int(),
  substitute: z.object({ productId: id, name: z.string(), unitPrice: cents }).nullable(),
});
export type PickLine = z.infer<typeof pickLine>;

/**
 * Lines grouped by aisle (the product's category), in aisle order. Each order names its customer and
 * their phone from their profile (null without one), to call them about a missing item.
 */
export const pickList = z.object({
  orders: z.array(
    z.object({ id, orderNumber: z.string(), status: staffOrderRow.shape.status, customerName: z.string(), customerPhone: z.string().nullable(), editable: z.boolean() }),
  ),
  aisles: z.array(z.object({ name: z.string(), lines: z.array(pickLine) })),
});
export type PickList = z.infer<typeof pickList>;

export const lineParams = z.object({ id, lineId: id });

/**
 * POST /api/orders/{id}/lines/{lineId}/unavailable: some or all units of a line are not on the shelf;
 * they are replaced by a similar product, charged at most the line's price, or refunded; the product's
 * shelf at that warehouse is emptied.
 */
export const unavailableLineInput = z
  .object({
    quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1'),
    resolution: z.enum(['replace', 'refund'], { error: 'Choose replace or refund' }),
    substituteProductId: id.optional(),
  })
  .refine((input) => input.resolution !== 'replace' || input.substituteProductId !== undefined, {
    message: 'Choose a substitute',
    path: ['substituteProductId'],
  });
export type UnavailableLineInput = z.infer<typeof unavailableLineInput>;

/** GET /api/orders/{id}/lines/{lineId}/substitutes: products of that warehouse a line may be replaced with. */
export const substituteQuery = z.object({ q: text({ label: 'Search', max: 100 }).optional() });
export const substituteCandidate = z.object({ productId: id, name: z.string(), unit: z.string(), category: z.string(), price: cents, stockQuantity: z.number().int() });
export type SubstituteCandidate = z.infer<typeof substituteCandidate>;
export const substituteList = z.object({ candidates: z.array(substituteCandidate) });

/** GET /api/manager/drivers: drivers on shift at the manager's warehouses and what each is delivering. */
export const managerDriversQuery = z.object({ warehouseId: id.optional() });
export const managerDriver = z.object({
  profileId: id,
  name: z.string(),
  phone: z.string(),
  /** With each warehouse's IANA zone: the shift's start shows in the store's clock, as its orders' times do. */
  warehouses: z.array(z.object({ id, name: z.string(), timeZone: z.string() })),
  onShiftSince: z.iso.datetime({ offset: true }).nullable(),
  deliveries: z.array(z.object({ orderId: id, orderNumber: z.string(), status: staffOrderRow.shape.status, dropOff: z.string() })),
});
export type ManagerDriver = z.infer<typeof managerDriver>;
export const managerDriverList = z.object({ drivers: z.array(managerDriver) });
export type ManagerDriverList = z.infer<typeof managerDriverList>;
