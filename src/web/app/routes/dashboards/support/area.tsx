import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const supportArea: DashboardArea = {
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
