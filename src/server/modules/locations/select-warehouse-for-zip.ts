import type { ServiceArea } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder';
import { selectWarehouseForPoint } from './select-warehouse-for-point';

/**
 * The nearest active warehouse delivering to a ZIP code, for a shopper who would rather type one than
 * share a position or save an address (signed out included). The ZIP code is placed by the configured
 * geocoder, as an address's would be; one it cannot place is refused at the field.
 */
export async function selectWarehouseForZip(options: { db: Db; geocoder: Geocoder; zipCode: string }): Promise<ServiceArea> {
  const place = await options.geocoder.geocode({ streetAddress: '', city: '', state: '', zipCode: options.zipCode });
  if (!place) {
    throw new AppError({ kind: 'VALIDATION_FAILED', code: 'ZIP_CODE_UNKNOWN', message: copy.location.zipUnknown, fields: { zipCode: copy.location.zipUnknown } });
  }
  return selectWarehouseForPoint({ db: options.db, point: { latitude: place.latitude, longitude: place.longitude } });
}
