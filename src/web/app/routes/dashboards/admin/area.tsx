import { ClipboardList, LayoutDashboard, ScrollText, Stethoscope, Users } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const adminArea: DashboardArea = {
  nav: [
    { to: paths.admin, label: 'Overview', Icon: LayoutDashboard },
    { to: paths.adminOrders, label: 'Orders', Icon: ClipboardList },
    { to: paths.adminUsers, label: 'Users', Icon: Users },
    { to: paths.adminAudit, label: 'Audit log', Icon: ScrollText },
    { to: paths.testRunner, label: 'Test runner', Icon: Stethoscope },
  ],
  routes: [
    { path: paths.admin, element: page(() => import('./overview'), 'AdminDashboardPage') },
    { path: paths.adminOrders, element: page(() => import('./orders'), 'AdminOrdersPage') },
    { path: `${paths.adminOrders}/:id`, element: page(() => import('./order'), 'AdminOrderPage') },
    { path: paths.adminUsers, element: page(() => import('./users'), 'AdminUsersPage') },
    { path: paths.adminAudit, element: page(() => import('./audit'), 'AdminAuditPage') },
    { path: paths.testRunner, element: page(() => import('./test-runner'), 'TestRunnerPage') },
  ],
};
