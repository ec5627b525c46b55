import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const kitchenArea: DashboardArea = {
  routes: [
    { path: paths.cloudKitchen, element: page(() => import('./orders'), 'KitchenDashboardPage') },
    { path: paths.cloudKitchenOrder(':id'), element: page(() => import('./order-view'), 'KitchenOrderPage') },
    { path: paths.cloudKitchenMenu, element: page(() => import('./menu'), 'KitchenMenuEditorPage') },
    { path: paths.cloudKitchenMealPlans, element: page(() => import('./meal-plans'), 'KitchenMealPlansPage') },
    { path: paths.cloudKitchenProfile, element: page(() => import('./profile'), 'KitchenProfilePage') },
    { path: paths.cloudKitchenRatings, element: page(() => import('./ratings'), 'KitchenRatingsPage') },
  ],
};
