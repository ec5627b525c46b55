import { DashboardHome } from '../dashboard-home';

export function DriverDashboardPage() {
  return <DashboardHome title="Driver dashboard" description="Deliveries offered to you and the ones you are carrying." />;
}
