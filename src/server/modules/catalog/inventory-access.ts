import { managerRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';

/** A warehouse (or shelf) the caller does not run is one they are told does not exist. */
export function inventoryNotFound(): AppError {
  return new AppError({ kind: 'NOT_FOUND', message: managerRefusals.shelfNotFound });
}
