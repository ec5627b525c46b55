import { DashboardHome } from '../dashboard-home';

export function ManagerDashboardPage() {
  return <DashboardHome title="Manager dashboard" description="Your warehouse's orders, inventory and drivers." />;
}
