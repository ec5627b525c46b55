import { TestAzurePage } from '../info/test-azure';
import { DashboardHome } from './dashboard-home';

export function TestRunnerPage() {
  return (
    <DashboardHome title="Test runner" description="Live diagnostics of the service's dependencies.">
      <TestAzurePage />
    </DashboardHome>
  );
}
