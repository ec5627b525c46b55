import { DiagnosticsTable } from '@/web/features/admin/components/diagnostics-table';
import { DashboardPage } from '../dashboard-page';
import { diagnosticsCopy } from '@/shared/staff-copy';

export function TestRunnerPage() {
  return (
    <DashboardPage title={diagnosticsCopy.title} description={diagnosticsCopy.description}>
      <DiagnosticsTable />
    </DashboardPage>
  );
}
