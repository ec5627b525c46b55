import { DiagnosticsTable } from '@/web/features/admin/components/diagnostics-table';
import { DashboardHome } from '../dashboard-home';

export function TestRunnerPage() {
  return (
    <DashboardHome title="Test runner" description="Live diagnostics of the service's dependencies.">
      <DiagnosticsTable />
    </DashboardHome>
  );
}
