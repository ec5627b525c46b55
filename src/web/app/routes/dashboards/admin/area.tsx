import { ChefHat, FileUp, LayoutDashboard, Stethoscope } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const adminArea: DashboardArea = {
  nav: [
    { to: paths.admin, label: 'Overview', Icon: LayoutDashboard },
    { to: paths.adminImport, label: 'Import products', Icon: FileUp },
    { to: paths.adminApplications, label: 'Kitchen applications', Icon: ChefHat },
    { to: paths.testRunner, label: 'Test runner', Icon: Stethoscope },
  ],
  routes: [
    { path: paths.admin, element: page(() => import('./overview'), 'AdminDashboardPage') },
    { path: paths.adminImport, element: page(() => import('./import-products'), 'ImportProductsPage') },
    { path: paths.adminApplications, element: page(() => import('./kitchen-applications'), 'KitchenApplicationsPage') },
    { path: paths.testRunner, element: page(() => import('./test-runner'), 'TestRunnerPage') },
  ],
};
