import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntry, AuditPage, auditQuery } from '@/shared/contracts/staff';
import { isRole } from '@/shared/roles';
import type { Db } from '../../db/client';
import { auditLog } from './audit.tables';

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { profileId: row.actorProfileId, email: row.actorEmail, role: isRole(row.actorRole) ? row.actorRole : 'system' },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The audit log, newest first: searched by actor email, action, summary or record id, filtered by record type, paged. */
export async function listAudit(db: Db, query: z.output<typeof auditQuery>): Promise<AuditPage> {
  const conditions: (SQL | undefined)[] = [];
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern), ilike(auditLog.summary, pattern), ilike(auditLog.entityId, pattern)));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
