import { Truck } from 'lucide-react';
import { dashboardNav } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const driverArea: DashboardArea = {
  nav: [{ to: paths.driver, label: dashboardNav.driver.deliveries, Icon: Truck }],
  routes: [{ path: paths.driver, element: page(() => import('./deliveries'), 'DriverDashboardPage') }],
};
