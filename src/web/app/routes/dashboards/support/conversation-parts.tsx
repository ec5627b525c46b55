import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import type { ConversationStatus } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import { Badge } from '@/web/components/ui/badge';
import { calendarDaysBetween } from '@/web/lib/format-time';

const durations = supportChatCopy.durations;

/**
 * How long since `iso`, in the units an agent glances at: '4 min', '1 h 5 min', '2 days'. Days are
 * calendar days of the business's time zone, as `formatRelative` counts them: a message from 11 PM
 * yesterday is '1 day' old at 8 AM, one from 8 PM the day before yesterday '2 days'. Under an hour
 * stays in minutes, across midnight too: a fresh escalation never reads as a day old.
 */
export function formatDuration(iso: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return durations.lessThanMinute;
  if (minutes < 60) return durations.minutes(minutes);
  const days = calendarDaysBetween(new Date(iso), new Date(now), BUSINESS_TIME_ZONE);
  if (days > 0) return durations.days(days);
  return durations.hours(Math.floor(minutes / 60), minutes % 60);
}

const tones = { assistant: 'muted', escalated: 'warning', with_agent: 'success', closed: 'muted' } as const;

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge tone={tones[status]}>{supportChatCopy.statuses[status]}</Badge>;
}
