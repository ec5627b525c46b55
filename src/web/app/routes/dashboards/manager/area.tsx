import { Boxes, ClipboardCheck, ClipboardList, Truck } from 'lucide-react';
import { managerCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const managerArea: DashboardArea = {
  nav: [
    { to: paths.manager, label: managerCopy.nav.orders, Icon: ClipboardList },
    { to: paths.managerPickList, label: managerCopy.nav.pickList, Icon: ClipboardCheck },
    { to: paths.managerInventory, label: managerCopy.nav.inventory, Icon: Boxes },
    { to: paths.managerDrivers, label: managerCopy.nav.drivers, Icon: Truck },
  ],
  routes: [
    { path: paths.manager, element: page(() => import('./queue'), 'ManagerDashboardPage') },
    { path: paths.managerPickList, element: page(() => import('./pick-list'), 'ManagerPickListPage') },
    { path: paths.managerInventory, element: page(() => import('./inventory'), 'ManagerInventoryPage') },
    { path: paths.managerDrivers, element: page(() => import('./drivers'), 'ManagerDriversPage') },
  ],
};
