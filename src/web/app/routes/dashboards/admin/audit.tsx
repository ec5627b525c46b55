import { adminCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { AuditLog } from '@/web/features/admin/components/audit-log';

export function AdminAuditPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title={adminCopy.audit.title} description={adminCopy.audit.description} />
      <AuditLog />
    </div>
  );
}
