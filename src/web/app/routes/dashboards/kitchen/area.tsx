import { CalendarDays, ChefHat } from 'lucide-react';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const kitchenArea: DashboardArea = {
  nav: [
    { to: paths.cloudKitchen, label: 'Orders', Icon: ChefHat },
    { to: paths.cloudKitchenMealPlans, label: 'Meal plans', Icon: CalendarDays },
  ],
  routes: [
    { path: paths.cloudKitchen, element: page(() => import('./orders'), 'KitchenDashboardPage') },
    { path: paths.cloudKitchenMealPlans, element: page(() => import('./meal-plans'), 'KitchenMealPlansPage') },
  ],
};
