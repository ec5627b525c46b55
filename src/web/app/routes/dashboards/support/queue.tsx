import { DashboardHome } from '../dashboard-home';

export function SupportDashboardPage() {
  return <DashboardHome title="Support dashboard" description="Escalated chats, refund requests and order look-up." />;
}
