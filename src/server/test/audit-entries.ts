import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../modules/audit/audit.tables';

/** The audit log's entries about one record, oldest first, for tests of any module. */
export function auditEntriesFor(db: Db, entityId: string) {
  return db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));
}
