import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const driverArea: DashboardArea = {
  routes: [
    { path: paths.driver, element: page(() => import('./deliveries'), 'DriverDashboardPage') },
    { path: paths.driverCompleted, element: page(() => import('./completed'), 'DriverCompletedPage') },
  ],
};
