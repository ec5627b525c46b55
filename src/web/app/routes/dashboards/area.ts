import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router';

export interface DashboardNavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
}

/** A staff role's part of the app: its pages (inside the dashboard layout) and its navigation. */
export interface DashboardArea {
  nav: DashboardNavItem[];
  routes: RouteObject[];
}
