import { LifeBuoy } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const supportArea: DashboardArea = {
  nav: [{ to: paths.supportDashboard, label: 'Refunds and returns', Icon: LifeBuoy }],
  routes: [{ path: paths.supportDashboard, element: page(() => import('./queue'), 'SupportDashboardPage') }],
};
