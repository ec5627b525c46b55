import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { SupportConversationSummary } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import { Pagination } from '@/web/components/ui/pagination';
import { ListFilterSelect, ListState } from '@/web/components/ui/list-state';
import { paths } from '@/web/config/paths';
import { AttentionBanner } from '@/web/features/staff/components/attention-banner';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import { useAttention } from '@/web/features/staff/hooks/use-attention';
import { supportConversationsQuery } from '@/web/features/support/api/support-conversations';
import { useConversationFeed } from '@/web/features/support/hooks/use-conversation-feed';
import { useListFilters } from '@/web/lib/use-list-filters';
import { useNow } from '@/web/lib/use-now';
import { DashboardPage } from '../dashboard-page';
import { ConversationStatusBadge, formatDuration } from './conversation-parts';

const text = supportChatCopy.queue;
const PAGE_SIZE = 20;
type StatusFilter = keyof typeof text.statuses;

/**
 * Support's live queue of conversations the assistant handed to a person, the longest waiting first.
 * A new escalation is announced (seen and heard) until someone acknowledges it, takes it or closes it.
 */
export function SupportConversationsPage() {
  const { filters, setFilter, page, setPage } = useListFilters<{ status: StatusFilter }>({ status: 'open' });
  const { status } = filters;
  const attention = useAttention();
  // One announcement per escalation, however many messages the customer sends while waiting.
  const announced = useRef(new Set<string>());
  const live = useConversationFeed((summary) => {
    const key = `${summary.id}/${summary.escalatedAt ?? ''}`;
    // Taken by an agent (here or elsewhere) or closed, it is no longer waiting for anyone.
    if (summary.status !== 'escalated') {
      attention.acknowledge(key);
      return;
    }
    if (announced.current.has(key)) return;
    announced.current.add(key);
    attention.announce({ id: key, title: text.newEscalation(summary.customer.name), description: summary.summary, href: paths.supportConversation(summary.id) });
  });
  const query = useQuery(supportConversationsQuery({ status, page, pageSize: PAGE_SIZE }));
  const now = useNow();

  return (
    <DashboardPage title={text.title} description={text.description}>
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ListFilterSelect
          id="conversation-status"
          label={text.status}
          value={status}
          options={(Object.keys(text.statuses) as StatusFilter[]).map((value) => [value, text.statuses[value]] as const)}
          onChange={(value) => setFilter('status', value)}
          selectClassName="w-52 [&_select]:h-10"
        />
        <LiveStatus state={live} />
      </div>
      <ListState
        query={query}
        items={(data) => data.items}
        what={text.title.toLowerCase()}
        errorTitle={text.loadError}
        empty={status === 'open' ? text.empty : text.emptyFiltered}
        emptyIcon={MessagesSquare}
        skeleton={{ rows: 3, className: 'h-28 w-full' }}
      >
        {(items, data) => (
          <>
            <ul className="grid gap-3" aria-label={text.title}>
              {items.map((conversation) => (
                <ConversationCard key={conversation.id} conversation={conversation} now={now} />
              ))}
            </ul>
            <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} />
          </>
        )}
      </ListState>
    </DashboardPage>
  );
}

function ConversationCard({ conversation, now }: { conversation: SupportConversationSummary; now: number }) {
  const waiting = conversation.status === 'escalated' && conversation.escalatedAt;
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm" aria-label={conversation.customer.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={paths.supportConversation(conversation.id)}
          aria-label={text.open(conversation.customer.name)}
          className="min-w-0 font-semibold break-words text-primary underline-offset-4 hover:underline"
        >
          {conversation.customer.name}
        </Link>
        <ConversationStatusBadge status={conversation.status} />
      </div>
      <p className="break-words text-muted-foreground">{conversation.customer.email}</p>
      {conversation.summary ? <p className="break-words">{conversation.summary}</p> : null}
      {conversation.lastMessage ? <p className="line-clamp-2 break-words text-muted-foreground italic">“{conversation.lastMessage}”</p> : null}
      <p className="flex flex-wrap justify-between gap-2 text-muted-foreground">
        <span className={waiting ? 'font-medium text-orange-700 dark:text-orange-300' : undefined}>
          {waiting ? text.waiting(formatDuration(conversation.escalatedAt!, now)) : text.lastMessage(formatDuration(conversation.lastMessageAt, now))}
        </span>
        <span>{conversation.agent ? text.agent(conversation.agent.name) : text.unassigned}</span>
      </p>
    </li>
  );
}
