import type { Role } from '@/shared/roles';
import { Boxes, CalendarDays, ChefHat, ClipboardCheck, ClipboardList, FileUp, History, Inbox, LayoutDashboard, LifeBuoy, MessagesSquare, Package, ScrollText, Search, Settings, Star, Stethoscope, Truck, Users, UtensilsCrossed, Warehouse } from 'lucide-react';
import { dashboardNav } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import type { DashboardNavItem } from './area';

/**
 * Each staff role's navigation. Only the dashboard layout reads it, so its icons load with the first
 * dashboard page and never with a shopper's first load; the routes stay in each area's file.
 */
export const dashboardNavigation: Record<Exclude<Role, 'customer'>, DashboardNavItem[]> = {
  admin: [
    { to: paths.admin, label: dashboardNav.admin.overview, Icon: LayoutDashboard },
    { to: paths.adminOrders, label: dashboardNav.admin.orders, Icon: ClipboardList },
    { to: paths.adminCatalog, label: dashboardNav.admin.catalog, Icon: Package },
    { to: paths.adminImport, label: dashboardNav.admin.import, Icon: FileUp },
    { to: paths.adminWarehouses, label: dashboardNav.admin.warehouses, Icon: Warehouse },
    { to: paths.adminApplications, label: dashboardNav.admin.applications, Icon: ChefHat },
    { to: paths.adminUsers, label: dashboardNav.admin.users, Icon: Users },
    { to: paths.adminAudit, label: dashboardNav.admin.audit, Icon: ScrollText },
    { to: paths.testRunner, label: dashboardNav.admin.testRunner, Icon: Stethoscope },
  ],
  manager: [
    { to: paths.manager, label: dashboardNav.manager.orders, Icon: ClipboardList },
    { to: paths.managerPickList, label: dashboardNav.manager.pickList, Icon: ClipboardCheck },
    { to: paths.managerInventory, label: dashboardNav.manager.inventory, Icon: Boxes },
    { to: paths.managerDrivers, label: dashboardNav.manager.drivers, Icon: Truck },
  ],
  driver: [
    { to: paths.driver, label: dashboardNav.driver.deliveries, Icon: Truck },
    { to: paths.driverCompleted, label: dashboardNav.driver.completed, Icon: History },
  ],
  cloud_kitchen: [
    { to: paths.cloudKitchen, label: dashboardNav.kitchen.orders, Icon: ChefHat },
    { to: paths.cloudKitchenMenu, label: dashboardNav.kitchen.menu, Icon: UtensilsCrossed },
    { to: paths.cloudKitchenMealPlans, label: dashboardNav.kitchen.mealPlans, Icon: CalendarDays },
    { to: paths.cloudKitchenProfile, label: dashboardNav.kitchen.profile, Icon: Settings },
    { to: paths.cloudKitchenRatings, label: dashboardNav.kitchen.ratings, Icon: Star },
  ],
  support: [
    { to: paths.supportDashboard, label: dashboardNav.support.returns, Icon: LifeBuoy },
    { to: paths.supportOrders, label: dashboardNav.support.orders, Icon: Search },
    { to: paths.supportConversations, label: dashboardNav.support.conversations, Icon: MessagesSquare },
    { to: paths.supportTickets, label: dashboardNav.support.tickets, Icon: Inbox },
  ],
};
