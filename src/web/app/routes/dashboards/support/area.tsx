import { Inbox, LifeBuoy, MessagesSquare, Search } from 'lucide-react';
import { dashboardNav } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const supportArea: DashboardArea = {
  nav: [
    { to: paths.supportDashboard, label: dashboardNav.support.returns, Icon: LifeBuoy },
    { to: paths.supportOrders, label: dashboardNav.support.orders, Icon: Search },
    { to: paths.supportConversations, label: dashboardNav.support.conversations, Icon: MessagesSquare },
    { to: paths.supportTickets, label: dashboardNav.support.tickets, Icon: Inbox },
  ],
  routes: [
    { path: paths.supportDashboard, element: page(() => import('./queue'), 'SupportDashboardPage') },
    { path: paths.supportOrders, element: page(() => import('./order-lookup'), 'SupportOrdersPage') },
    { path: paths.supportOrder(':id'), element: page(() => import('./order-view'), 'SupportOrderPage') },
    { path: paths.supportConversations, element: page(() => import('./conversations'), 'SupportConversationsPage') },
    { path: paths.supportConversation(':id'), element: page(() => import('./conversation'), 'SupportConversationPage') },
    { path: paths.supportTickets, element: page(() => import('./tickets'), 'SupportTicketsPage') },
    { path: paths.supportTicket(':id'), element: page(() => import('./ticket'), 'SupportTicketPage') },
  ],
};
