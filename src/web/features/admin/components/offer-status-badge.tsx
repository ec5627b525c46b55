import { catalogAdminCopy } from '@/shared/staff-copy';
import { Badge } from '@/web/components/ui/badge';
import { windowState } from './catalog-form-helpers';

/** Whether shoppers get an offer or discount now: switched off, not started, ended or active. */
export function OfferStatusBadge({ active, start, end }: { active: boolean; start: string | null; end: string | null }) {
  if (!active) return <Badge tone="muted">{catalogAdminCopy.offers.off}</Badge>;
  const state = windowState(start, end);
  if (state === 'not_started') return <Badge tone="warning">{catalogAdminCopy.offers.notStarted}</Badge>;
  if (state === 'ended') return <Badge tone="muted">{catalogAdminCopy.offers.ended}</Badge>;
  return <Badge tone="success">{catalogAdminCopy.offers.active}</Badge>;
}
