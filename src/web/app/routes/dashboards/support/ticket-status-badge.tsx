import type { SupportTicketStatus } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import { Badge } from '@/web/components/ui/badge';

export function TicketStatusBadge({ status }: { status: SupportTicketStatus }) {
  return <Badge tone={status === 'open' ? 'warning' : 'success'}>{supportTicketCopy.statuses[status]}</Badge>;
}
