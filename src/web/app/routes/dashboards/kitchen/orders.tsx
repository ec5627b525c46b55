import { DashboardHome } from '../dashboard-home';

export function KitchenDashboardPage() {
  return <DashboardHome title="Kitchen dashboard" description="Your menu, opening hours and incoming orders." />;
}
