import { changeStatusInput, assignDriverInput, type Order } from '@/shared/contracts/orders';
import { inventoryChange, inventoryQuery, pickListQuery, unavailableLineInput, type InventoryRow, type ManagerDriver, type PickLine } from '@/shared/contracts/manager';
import { managerRefusals, orderRefusals } from '@/shared/copy';
import { allowedTransitions, canAssignDriver } from '@/shared/order-status';
import { parse, Refusal, type FakeApi } from './fake-api';
import type { FakeUser } from './fake-data';
import { orderFakes } from './fake-orders';
import { staffFakes } from './fake-staff';

/** What a test sets on the manager's side of the fake. */
export interface ManagerFakes {
  /** GET /api/manager/drivers answers these (filtered by warehouse). */
  drivers: ManagerDriver[];
  /** Low-stock thresholds and active flags by "<warehouse id> <product id>"; 10 and active when absent. */
  shelves: Map<string, { lowStockThreshold: number; active: boolean }>;
}

const installed = new WeakMap<FakeApi, ManagerFakes>();

export function managerFakes(api: FakeApi): ManagerFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installManagerFakes was not called for this fake API');
  return fakes;
}

const notFound = () => new Refusal(404, 'NOT_FOUND', orderRefusals.notFound);

function actorOf(viewer: FakeUser) {
  const { role, id, warehouseIds, kitchenIds } = viewer.profile;
  return { role, profileId: id, warehouseIds, kitchenIds };
}

function factsOf(order: Order, customerOf: (order: Order) => FakeUser | undefined) {
  return {
    type: order.type,
    status: order.status,
    customerProfileId: customerOf(order)?.profile.id ?? '',
    warehouseId: order.warehouseId,
    kitchenId: order.cloudKitchenId,
    driverProfileId: order.driver?.profileId ?? null,
  };
}

/**
 * The warehouse manager's endpoints over the fake's data: inventory from `data.products` (one entry
 * per product and warehouse), pick lists from `data.orders` grouped by the product's category, the
 * status and driver moves of the queue (announced on the staff feed, as the server's events are),
 * and unavailable lines refunded or replaced by a product up to a fifth dearer, charged at most the
 * line's price, the missing product's shelf emptied.
 */
export function installManagerFakes(api: FakeApi, customerOf: (order: Order) => FakeUser | undefined): ManagerFakes {
  const fakes: ManagerFakes = { drivers: [], shelves: new Map() };

  const manager = (warehouseId: string) => {
    const viewer = api.viewerOrRefuse();
    const { role, warehouseIds } = viewer.profile;
    if (role !== 'manager' && role !== 'admin') throw new Refusal(403, 'FORBIDDEN', orderRefusals.forbidden);
    if (role === 'manager' && !warehouseIds.includes(warehouseId)) throw new Refusal(404, 'NOT_FOUND', managerRefusals.shelfNotFound);
    return viewer;
  };
  const rowOf = (product: (typeof api.data.products)[number]): InventoryRow => {
    const extra = fakes.shelves.get(`${product.warehouseId} ${product.id}`) ?? { lowStockThreshold: 10, active: true };
    return { productId: product.id, name: product.name, sku: product.sku, unit: product.unit, category: product.category.name, price: product.price, stockQuantity: product.stockQuantity, ...extra };
  };
  const operatedOrder = (orderId: string) => {
    const viewer = api.viewerOrRefuse();
    const order = api.data.orders.find((candidate) => candidate.id === orderId);
    if (!order || !viewer.profile.warehouseIds.includes(order.warehouseId)) throw notFound();
    return { viewer, order };
  };
  const store = (next: Order) => {
    const index = api.data.orders.findIndex((candidate) => candidate.id === next.id);
    api.data.orders[index] = next;
    staffFakes(api).announce(next.id);
    return orderFakes(api).asStaffSees(next);
  };

  api.define('GET /api/inventory', ({ query }) => {
    const input = parse(inventoryQuery, Object.fromEntries(query));
    manager(input.warehouseId);
    const needle = input.q?.toLowerCase();
    const shelves = api.data.products.filter((product) => product.warehouseId === input.warehouseId).map(rowOf);
    const low = (row: InventoryRow) => row.stockQuantity <= row.lowStockThreshold;
    const rows = shelves
      .filter((row) => !needle || row.name.toLowerCase().includes(needle) || row.sku.toLowerCase().includes(needle))
      .filter((row) => input.lowStock !== 'true' || low(row))
      .sort((a, b) => a.name.localeCompare(b.name));
    const start = (input.page - 1) * input.pageSize;
    return { rows: rows.slice(start, start + input.pageSize), total: rows.length, lowStockCount: shelves.filter(low).length, page: input.page, pageSize: input.pageSize };
  });

  api.define('PATCH /api/inventory/:warehouseId/:productId', ({ params, body }) => {
    manager(params.warehouseId!);
    const change = parse(inventoryChange, body ?? {});
    const product = api.data.products.find((candidate) => candidate.warehouseId === params.warehouseId && candidate.id === params.productId);
    if (!product) throw new Refusal(404, 'NOT_FOUND', managerRefusals.shelfNotFound);
    if (change.price !== undefined) product.price = change.price;
    if (change.stockQuantity !== undefined) product.stockQuantity = change.stockQuantity;
    const key = `${product.warehouseId} ${product.id}`;
    const extra = fakes.shelves.get(key) ?? { lowStockThreshold: 10, active: true };
    fakes.shelves.set(key, { lowStockThreshold: change.lowStockThreshold ?? extra.lowStockThreshold, active: change.active ?? extra.active });
    return rowOf(product);
  });

  api.define('GET /api/manager/pick-list', ({ query }) => {
    const { orderIds } = parse(pickListQuery, Object.fromEntries(query));
    const orders = orderIds.map((orderId) => operatedOrder(orderId).order);
    const aisles = new Map<string, PickLine[]>();
    for (const order of orders) {
      for (const line of order.lines) {
        if (line.itemType === 'cloud_kitchen') continue;
        const product = api.data.products.find((candidate) => candidate.id === line.productId && candidate.warehouseId === order.warehouseId);
        const aisle = product?.category.name ?? 'Bundles';
        aisles.set(aisle, [
          ...(aisles.get(aisle) ?? []),
          {
            lineId: line.id,
            orderId: order.id,
            orderNumber: order.orderNumber,
            itemType: line.itemType,
            productId: line.productId,
            name: line.name,
            detail: line.detail,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            substitution: line.substitution,
            stockQuantity: product?.stockQuantity ?? null,
            fulfilment: line.fulfilment.status,
            unavailableQuantity: line.fulfilment.quantity,
            substitute: line.fulfilment.substitute ? { productId: line.productId!, ...line.fulfilment.substitute } : null,
          },
        ]);
      }
    }
    return {
      orders: orders.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        customerName: customerOf(order)?.name ?? 'Customer',
        customerPhone: customerOf(order)?.profile.phone ?? null,
        editable: order.status === 'confirmed' || order.status === 'processing',
      })),
      aisles: [...aisles].sort(([a], [b]) => a.localeCompare(b)).map(([name, lines]) => ({ name, lines })),
    };
  });

  api.define('GET /api/manager/drivers', ({ query }) => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'manager') throw new Refusal(403, 'FORBIDDEN', orderRefusals.forbidden);
    const warehouseId = query.get('warehouseId');
    if (warehouseId && !viewer.profile.warehouseIds.includes(warehouseId)) throw notFound();
    const at = warehouseId ? [warehouseId] : viewer.profile.warehouseIds;
    return { drivers: fakes.drivers.filter((driver) => driver.warehouses.some((warehouse) => at.includes(warehouse.id))) };
  });

  api.define('POST /api/orders/:id/status', ({ params, body }) => {
    const { viewer, order } = operatedOrder(params.id!);
    const { status } = parse(changeStatusInput, body ?? {});
    if (!allowedTransitions({ viewer: actorOf(viewer), order: factsOf(order, customerOf) }).includes(status)) {
      throw new Refusal(409, 'STATUS_NOT_ALLOWED', orderRefusals.statusNotAllowed);
    }
    orderFakes(api).changeStatus(order.id, status);
    return store(api.data.orders.find((candidate) => candidate.id === order.id)!);
  });

  api.define('POST /api/orders/:id/driver', ({ params, body }) => {
    const { viewer, order } = operatedOrder(params.id!);
    const { driverProfileId } = parse(assignDriverInput, body ?? {});
    if (!canAssignDriver({ viewer: actorOf(viewer), order: factsOf(order, customerOf) })) throw new Refusal(409, 'STATUS_NOT_ALLOWED', orderRefusals.statusNotAllowed);
    const driver = fakes.drivers.find((candidate) => candidate.profileId === driverProfileId);
    if (!driver) throw new Refusal(400, 'NOT_A_DRIVER', orderRefusals.notADriver, { driverProfileId: orderRefusals.notADriver });
    return store({ ...order, driver: { profileId: driver.profileId, firstName: driver.name.split(' ')[0]! } });
  });

  api.define('GET /api/orders/:id/lines/:lineId/substitutes', ({ params }) => {
    const { order } = operatedOrder(params.id!);
    const line = order.lines.find((candidate) => candidate.id === params.lineId);
    if (!line) throw notFound();
    // A similar item: of the ordered product's category, as the server offers.
    const category = api.data.products.find((product) => product.id === line.productId)?.category.id;
    const candidates = api.data.products
      .filter(
        (product) =>
          product.warehouseId === order.warehouseId && product.id !== line.productId && product.category.id === category && product.price <= Math.floor(line.unitPrice * 1.2) && product.stockQuantity > 0,
      )
      .map((product) => ({ productId: product.id, name: product.name, unit: product.unit, category: product.category.name, price: product.price, stockQuantity: product.stockQuantity }));
    return { candidates };
  });

  api.define('POST /api/orders/:id/lines/:lineId/unavailable', ({ params, body }) => {
    const { order } = operatedOrder(params.id!);
    const input = parse(unavailableLineInput, body ?? {});
    const line = order.lines.find((candidate) => candidate.id === params.lineId);
    if (!line) throw notFound();
    if (order.status !== 'confirmed' && order.status !== 'processing') throw new Refusal(409, 'NOT_PICKING', managerRefusals.notPicking);
    if (line.fulfilment.status !== 'as_ordered') throw new Refusal(409, 'LINE_ALREADY_HANDLED', managerRefusals.alreadyHandled);
    if (input.quantity > line.quantity) throw new Refusal(400, 'VALIDATION_FAILED', managerRefusals.tooMany, { quantity: managerRefusals.tooMany });
    const substitute = input.resolution === 'replace' ? api.data.products.find((product) => product.id === input.substituteProductId && product.warehouseId === order.warehouseId) : undefined;
    if (substitute && substitute.price > Math.floor(line.unitPrice * 1.2)) {
      throw new Refusal(409, 'SUBSTITUTE_TOO_EXPENSIVE', managerRefusals.substituteTooExpensive, { substituteProductId: managerRefusals.substituteTooExpensive });
    }
    const charged = substitute ? Math.min(substitute.price, line.unitPrice) : 0;
    const reduction = (line.unitPrice - charged) * input.quantity;
    const fulfilment = substitute
      ? { status: 'substituted' as const, quantity: input.quantity, substitute: { name: substitute.name, unitPrice: charged } }
      : { status: 'refunded' as const, quantity: input.quantity, substitute: null };
    // The picker did not find it: its shelf is empty.
    const missing = api.data.products.find((product) => product.id === line.productId && product.warehouseId === order.warehouseId);
    if (missing) missing.stockQuantity = 0;
    return store({
      ...order,
      totalAmount: order.totalAmount - reduction,
      totals: { ...order.totals, subtotal: order.totals.subtotal - reduction, totalAmount: order.totals.totalAmount - reduction },
      lines: order.lines.map((candidate) => (candidate.id === line.id ? { ...candidate, fulfilment } : candidate)),
    });
  });

  installed.set(api, fakes);
  return fakes;
}
