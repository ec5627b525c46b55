import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const managerArea: DashboardArea = {
  routes: [
    { path: paths.manager, element: page(() => import('./queue'), 'ManagerDashboardPage') },
    { path: paths.managerOrder(':id'), element: page(() => import('./order-view'), 'ManagerOrderPage') },
    { path: paths.managerPickList, element: page(() => import('./pick-list'), 'ManagerPickListPage') },
    { path: paths.managerInventory, element: page(() => import('./inventory'), 'ManagerInventoryPage') },
    { path: paths.managerDrivers, element: page(() => import('./drivers'), 'ManagerDriversPage') },
  ],
};
