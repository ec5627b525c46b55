import { useSearchParams } from 'react-router';
import { overviewPeriods } from '@/shared/contracts/admin';
import { adminCopy } from '@/shared/staff-copy';
import { AdminOverview } from '@/web/features/admin/components/admin-overview';
import { DashboardHome } from '../dashboard-page';

export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (overviewPeriods as readonly number[]).includes(asked) ? asked : 30;
  return (
    <DashboardHome title={adminCopy.overview.title} description={adminCopy.overview.description}>
      <AdminOverview days={days} onDaysChange={(next) => setParams(next === 30 ? {} : { days: String(next) }, { replace: true })} />
    </DashboardHome>
  );
}
