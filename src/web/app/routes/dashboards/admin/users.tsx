import { adminCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { UsersTable } from '@/web/features/admin/components/users-table';

export function AdminUsersPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title={adminCopy.users.title} description={adminCopy.users.description} />
      <UsersTable />
    </div>
  );
}
