import type { Actor } from '@/shared/access';
import { kitchenRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';

/** The kitchen the signed-in owner runs; an owner without one yet is told there is none. */
export function ownedKitchenId(viewer: Actor): string {
  const kitchenId = viewer.role === 'cloud_kitchen' ? viewer.kitchenIds[0] : undefined;
  if (!kitchenId) throw new AppError({ kind: 'NOT_FOUND', message: kitchenRefusals.noKitchen });
  return kitchenId;
}
