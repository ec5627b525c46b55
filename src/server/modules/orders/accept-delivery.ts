import type { Order } from '@/shared/contracts/orders';
import { orderNotes } from '@/shared/copy';
import { driverCopy } from '@/shared/staff-copy';
import { mayBeOfferedTo } from '@/shared/access';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { profileNames } from '../../read-models/order-context';
import { getDriverAvailability } from '../locations/driver-availability';
import { factsOf, lockOrderForSystem, notFound, takeDelivery } from './order-records';
import { recordOrderEvent } from './order-events';
import { presentOrder } from './present-order';

/**
 * A driver on shift takes an order on offer at a warehouse they deliver from. Of drivers racing for
 * one order exactly one gets it; the others are told it is taken (409). Asking again for an order one
 * already drives answers it unchanged, so a retry after a lost answer is harmless. `now` dates an
 * acceptance of a seeded history.
 */
export async function acceptDelivery(options: { db: Db; viewer: Viewer; orderId: string; now?: Date }): Promise<Order> {
  const { db, viewer } = options;
  const order = await db.transaction(async (tx) => {
    // The shift first: going off shift waits for this acceptance, or this one sees the driver off shift.
    const shift = await getDriverAvailability(tx, viewer.profileId, { share: true });
    const locked = await lockOrderForSystem(tx, options.orderId);
    if (!locked) throw notFound();
    if (locked.driverProfileId === viewer.profileId) return locked;
    const facts = factsOf(locked);
    // An order of a warehouse the driver does not work at is none of their business.
    if (!mayBeOfferedTo(viewer, { ...facts, driverProfileId: null })) throw notFound();
    if (locked.driverProfileId) throw new AppError({ kind: 'CONFLICT', code: 'DELIVERY_TAKEN', message: driverCopy.refusals.offerTaken });
    if (!shift.available) throw new AppError({ kind: 'CONFLICT', code: 'OFF_SHIFT', message: driverCopy.refusals.offShift });
    const taken = await takeDelivery(tx, { order: locked, viewer, now: options.now });
    if (!taken) throw new AppError({ kind: 'CONFLICT', code: 'DELIVERY_NOT_OFFERED', message: driverCopy.refusals.offerGone });
    const names = await profileNames(tx, [viewer.profileId]);
    await recordOrderEvent(tx, { orderId: locked.id, status: locked.status, actor: viewer, note: orderNotes.driverAssigned(names.get(viewer.profileId)?.firstName ?? ''), at: options.now });
    return taken;
  });
  return presentOrder(db, { order, viewer });
}
