import { ChefHat } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const kitchenArea: DashboardArea = {
  nav: [{ to: paths.cloudKitchen, label: 'Orders', Icon: ChefHat }],
  routes: [{ path: paths.cloudKitchen, element: page(() => import('./orders'), 'KitchenDashboardPage') }],
};
