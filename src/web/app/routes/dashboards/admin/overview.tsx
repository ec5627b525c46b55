import { DashboardHome } from '../dashboard-home';

export function AdminDashboardPage() {
  return <DashboardHome title="Admin dashboard" description="Run the catalog, warehouses, users and kitchens." />;
}
