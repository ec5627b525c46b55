import { Boxes, ClipboardCheck, ClipboardList, Truck } from 'lucide-react';
import { dashboardNav } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const managerArea: DashboardArea = {
  nav: [
    { to: paths.manager, label: dashboardNav.manager.orders, Icon: ClipboardList },
    { to: paths.managerPickList, label: dashboardNav.manager.pickList, Icon: ClipboardCheck },
    { to: paths.managerInventory, label: dashboardNav.manager.inventory, Icon: Boxes },
    { to: paths.managerDrivers, label: dashboardNav.manager.drivers, Icon: Truck },
  ],
  routes: [
    { path: paths.manager, element: page(() => import('./queue'), 'ManagerDashboardPage') },
    { path: paths.managerPickList, element: page(() => import('./pick-list'), 'ManagerPickListPage') },
    { path: paths.managerInventory, element: page(() => import('./inventory'), 'ManagerInventoryPage') },
    { path: paths.managerDrivers, element: page(() => import('./drivers'), 'ManagerDriversPage') },
  ],
};
