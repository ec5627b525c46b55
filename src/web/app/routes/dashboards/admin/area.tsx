import { LayoutDashboard, Stethoscope, Warehouse } from 'lucide-react';
import { warehouseAdminCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const adminArea: DashboardArea = {
  nav: [
    { to: paths.admin, label: 'Overview', Icon: LayoutDashboard },
    { to: paths.adminWarehouses, label: warehouseAdminCopy.nav, Icon: Warehouse },
    { to: paths.testRunner, label: 'Test runner', Icon: Stethoscope },
  ],
  routes: [
    { path: paths.admin, element: page(() => import('./overview'), 'AdminDashboardPage') },
    { path: paths.adminWarehouses, element: page(() => import('./warehouses'), 'AdminWarehousesPage') },
    { path: paths.testRunner, element: page(() => import('./test-runner'), 'TestRunnerPage') },
  ],
};
