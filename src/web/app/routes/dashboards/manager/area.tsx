import { ClipboardList } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const managerArea: DashboardArea = {
  nav: [{ to: paths.manager, label: 'Orders', Icon: ClipboardList }],
  routes: [{ path: paths.manager, element: page(() => import('./queue'), 'ManagerDashboardPage') }],
};
