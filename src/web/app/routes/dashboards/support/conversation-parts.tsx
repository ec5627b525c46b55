import type { ConversationStatus } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import { Badge } from '@/web/components/ui/badge';

const durations = supportChatCopy.durations;

/** How long since `iso`, in the units an agent glances at: '4 min', '1 h 5 min', '2 days'. */
export function formatDuration(iso: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return durations.lessThanMinute;
  if (minutes < 60) return durations.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return durations.hours(hours, minutes % 60);
  return durations.days(Math.floor(hours / 24));
}

const tones = { assistant: 'muted', escalated: 'warning', with_agent: 'success', closed: 'muted' } as const;

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge tone={tones[status]}>{supportChatCopy.statuses[status]}</Badge>;
}
