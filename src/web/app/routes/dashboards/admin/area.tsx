import { LayoutDashboard, Stethoscope } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const adminArea: DashboardArea = {
  nav: [
    { to: paths.admin, label: 'Overview', Icon: LayoutDashboard },
    { to: paths.testRunner, label: 'Test runner', Icon: Stethoscope },
  ],
  routes: [
    { path: paths.admin, element: page(() => import('./overview'), 'AdminDashboardPage') },
    { path: paths.testRunner, element: page(() => import('./test-runner'), 'TestRunnerPage') },
    { path: paths.adminWarehouseStock(':id'), element: page(() => import('./warehouse-stock'), 'AdminWarehouseStockPage') },
  ],
};
