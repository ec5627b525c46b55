import type { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import type { CompletedDeliveriesPage, completedDeliveriesQuery } from '@/shared/contracts/staff';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { readCompletedDeliveries } from '../../read-models/completed-deliveries';

/**
 * The deliveries the signed-in driver completed, newest first, and their count and tips today and over
 * the last 7 days. Days run in the zone the driver's device asks for (theirs); without one, in the
 * business time zone, as the admin's overview counts them (ADR 020).
 */
export function listCompletedDeliveries(options: { db: Db; viewer: Viewer; query: z.output<typeof completedDeliveriesQuery> }): Promise<CompletedDeliveriesPage> {
  const { db, viewer, query } = options;
  return readCompletedDeliveries(db, {
    driverProfileId: viewer.profileId,
    timeZone: query.timeZone ?? BUSINESS_TIME_ZONE,
    now: new Date(),
    page: query.page,
    pageSize: query.pageSize,
  });
}
