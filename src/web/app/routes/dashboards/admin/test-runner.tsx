import { DiagnosticsTable } from '@/web/features/admin/components/diagnostics-table';
import { DashboardPage } from '../dashboard-page';

export function TestRunnerPage() {
  return (
    <DashboardPage title="Test runner" description="Live diagnostics of the service's dependencies.">
      <DiagnosticsTable />
    </DashboardPage>
  );
}
