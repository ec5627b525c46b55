import type { OrderEvent } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { adminCopy } from '@/shared/staff-copy';

/**
 * Who made a change, from the reader's side: the order's customer reads "You" and "Your driver"; staff
 * read "Customer", the driver by name, and each role by its name.
 */
export function eventActorLabel(event: Pick<OrderEvent, 'actor' | 'actorName'>, reader: 'customer' | 'staff'): string {
  if (reader === 'customer') return orderCopy.actors[event.actor];
  if (event.actor === 'system') return orderCopy.actors.system;
  return event.actorName ?? adminCopy.roleNames[event.actor];
}
