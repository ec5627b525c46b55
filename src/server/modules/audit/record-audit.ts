import type { AuditAction, AuditEntityType } from '@/shared/contracts/staff';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { auditLog } from './audit.tables';

export interface AuditRecord {
  /** `entity.verb`, such as 'user.role_changed' or 'order.status_changed'. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** One line a person reads in the log, in the words staff see elsewhere (auditCopy): "Moved FC-… from Placed to Confirmed". */
  summary: string;
  /** The record (or the fields that changed) before and after; null when it did not exist. */
  before?: unknown;
  after?: unknown;
  /** When it happened, if not now (a seeded history). */
  at?: Date;
}

/**
 * Writes a staff action to the audit log inside the caller's transaction, so the log holds exactly
 * the changes that were committed.
 */
export async function recordAudit(tx: Db, actor: Viewer | 'system', record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorProfileId: actor === 'system' ? null : actor.profileId,
    actorEmail: actor === 'system' ? 'system' : actor.email,
    actorRole: actor === 'system' ? 'system' : actor.role,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    summary: record.summary,
    before: record.before ?? null,
    after: record.after ?? null,
    ...(record.at ? { createdAt: record.at } : {}),
  });
}
