import { CalendarDays, ChefHat, Settings, Star, UtensilsCrossed } from 'lucide-react';
import { dashboardNav } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

const nav = dashboardNav.kitchen;

export const kitchenArea: DashboardArea = {
  nav: [
    { to: paths.cloudKitchen, label: nav.orders, Icon: ChefHat },
    { to: paths.cloudKitchenMenu, label: nav.menu, Icon: UtensilsCrossed },
    { to: paths.cloudKitchenMealPlans, label: nav.mealPlans, Icon: CalendarDays },
    { to: paths.cloudKitchenProfile, label: nav.profile, Icon: Settings },
    { to: paths.cloudKitchenRatings, label: nav.ratings, Icon: Star },
  ],
  routes: [
    { path: paths.cloudKitchen, element: page(() => import('./orders'), 'KitchenDashboardPage') },
    { path: paths.cloudKitchenMenu, element: page(() => import('./menu'), 'KitchenMenuEditorPage') },
    { path: paths.cloudKitchenMealPlans, element: page(() => import('./meal-plans'), 'KitchenMealPlansPage') },
    { path: paths.cloudKitchenProfile, element: page(() => import('./profile'), 'KitchenProfilePage') },
    { path: paths.cloudKitchenRatings, element: page(() => import('./ratings'), 'KitchenRatingsPage') },
  ],
};
