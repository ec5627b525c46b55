import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router';

export interface DashboardNavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
}

/** A staff role's pages, inside the dashboard layout; its navigation is in navigation.ts. */
export interface DashboardArea {
  routes: RouteObject[];
}
