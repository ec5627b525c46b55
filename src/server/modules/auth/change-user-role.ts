import type { AdminUser, ChangeRoleInput } from '@/shared/contracts/admin';
import { warehouseStaffRoles, type WarehouseStaffRole } from '@/shared/access';
import { adminCopy, auditCopy } from '@/shared/staff-copy';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { adminUserOf } from '../../read-models/admin-users';
import { recordAudit } from '../audit/record-audit';
import { setWarehouseStaff, staffWarehouseIds } from '../locations/warehouse-staff';
import { profiles } from './auth.tables';
import { lockAccountForAdmin } from './account-records';

const isWarehouseRole = (role: string): role is WarehouseStaffRole => (warehouseStaffRoles as readonly string[]).includes(role);

/**
 * An admin gives a person another role; a manager or driver also gets the warehouses they work at
 * (replacing any they had). The person's open sessions pick the new role up on their next request.
 */
export async function changeUserRole(options: { db: Db; viewer: Viewer; profileId: string; input: Required<ChangeRoleInput> }): Promise<AdminUser> {
  const { db, viewer, input } = options;
  await db.transaction(async (tx) => {
    const account = await lockAccountForAdmin(tx, { profileId: options.profileId, viewer });
    const beforeWarehouses = await staffWarehouseIds(tx, account.profileId);
    const warehouseIds = isWarehouseRole(input.role) ? [...new Set(input.warehouseIds)].sort() : [];
    const { unknownIds } = await setWarehouseStaff(tx, { profileId: account.profileId, role: isWarehouseRole(input.role) ? input.role : null, warehouseIds });
    if (unknownIds.length > 0) {
      throw new AppError({ kind: 'VALIDATION_FAILED', message: adminCopy.userRefusals.unknownWarehouse, fields: { warehouseIds: adminCopy.userRefusals.unknownWarehouse } });
    }
    await tx.update(profiles).set({ role: input.role, updatedAt: new Date() }).where(eq(profiles.id, account.profileId));
    await recordAudit(tx, viewer, {
      action: 'user.role_changed',
      entityType: 'user',
      entityId: account.profileId,
      summary: auditCopy.users.roleChanged(account.email, account.role, input.role),
      before: { role: account.role, warehouseIds: beforeWarehouses },
      after: { role: input.role, warehouseIds },
    });
  });
  return (await adminUserOf(db, options.profileId))!;
}
