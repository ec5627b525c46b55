import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import { toast } from '@/web/lib/toast';
import { canSendChatMessage, isSendKey } from '@/shared/chat-rules';
import { MAX_CHAT_MESSAGE_CHARS, type ChatMessage, type PendingChatAction, type SupportConversationDetail } from '@/shared/contracts/support-chat';
import { orderCopy } from '@/shared/copy';
import { supportChatCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { mayTakeConversation, mayWorkOnConversation } from '@/shared/support-conversation-rules';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Label } from '@/web/components/ui/label';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { paths } from '@/web/config/paths';
import { supportConversationDetailQuery, useCloseConversation, useReplyToConversation, useTakeConversation } from '@/web/features/support/api/support-conversations';
import { useConversationFeed } from '@/web/features/support/hooks/use-conversation-feed';
import { cn } from '@/web/lib/cn';
import { formatDateTime } from '@/web/lib/format-time';
import { useAuth } from '@/web/lib/session';
import { ConversationStatusBadge } from './conversation-parts';

const text = supportChatCopy.conversation;

const failure = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** One conversation for support: the transcript, what the assistant proposed, and taking it over, replying and closing. */
export function SupportConversationPage() {
  const { id = '' } = useParams();
  // A customer's new message, or another agent taking it, shows here at once.
  useConversationFeed();
  const query = useQuery(supportConversationDetailQuery(id));
  return (
    <div className="grid gap-4">
      <Link to={paths.supportConversations} className="inline-flex min-h-10 w-fit items-center gap-1 text-sm text-primary">
        <ChevronLeft className="size-4" aria-hidden /> {text.back}
      </Link>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <QueryError title={text.loadError} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ConversationView key={id} conversation={query.data} />
      )}
    </div>
  );
}

function ConversationView({ conversation }: { conversation: SupportConversationDetail }) {
  const auth = useAuth();
  const viewer = auth.status === 'signed-in' ? { role: auth.profile.role, profileId: auth.profile.id } : null;
  const facts = { status: conversation.status, agentProfileId: conversation.agent?.profileId ?? null };
  const mayWork = viewer !== null && mayWorkOnConversation({ viewer, conversation: facts });
  const mayTake = viewer !== null && mayTakeConversation({ viewer, conversation: facts });
  const mine = viewer !== null && conversation.agent?.profileId === viewer.profileId;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-4">
        <PageHeader title={text.title(conversation.customer.name)} description={conversation.customer.email} />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <ConversationStatusBadge status={conversation.status} />
          {conversation.status === 'closed' ? (
            <span className="text-muted-foreground">{text.closedNotice}</span>
          ) : mine ? (
            <span className="text-muted-foreground">{text.taken}</span>
          ) : conversation.agent ? (
            <span className="text-muted-foreground">{text.handledBy(conversation.agent.name)}</span>
          ) : null}
        </div>
        <section aria-labelledby="conversation-summary" className="grid gap-1 rounded-lg border bg-muted/40 p-3 text-sm">
          <h2 id="conversation-summary" className="font-semibold">
            {text.summary}
          </h2>
          <p className="break-words whitespace-pre-line">{conversation.summary || text.noSummary}</p>
        </section>
        <Transcript messages={conversation.messages} />
        {mayWork || mayTake ? <Controls conversation={conversation} mayTake={mayTake} mayWork={mayWork} /> : null}
      </div>
      <ProposedActions actions={conversation.actions} />
    </div>
  );
}

function Transcript({ messages }: { messages: ChatMessage[] }) {
  return (
    <section aria-labelledby="conversation-transcript" className="grid gap-2">
      <h2 id="conversation-transcript" className="text-lg font-semibold">
        {text.transcript}
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.noMessages}</p>
      ) : (
        <ol className="grid gap-2" aria-label={text.transcript}>
          {messages.map((message) => {
            const author = message.role === 'agent' && message.authorName ? text.agentAuthor(message.authorName) : text.authors[message.role];
            return (
              <li
                key={message.id}
                aria-label={author}
                className={cn(
                  'grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm',
                  message.role === 'user' ? 'justify-self-start bg-muted' : message.role === 'agent' ? 'justify-self-end bg-primary text-primary-foreground' : 'justify-self-end border',
                )}
              >
                <span className="text-xs font-semibold opacity-80">
                  {author} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, BUSINESS_TIME_ZONE)}</time>
                </span>
                <p className="break-words whitespace-pre-line">{message.content}</p>
                {message.orders?.length ? (
                  <ul className="grid gap-0.5 text-xs opacity-90">
                    {message.orders.map((order) => (
                      <li key={order.id}>
                        {order.orderNumber} · {orderCopy.statuses[order.status]} · {formatMoney(order.totalAmount)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ProposedActions({ actions }: { actions: PendingChatAction[] }) {
  return (
    <section aria-labelledby="conversation-actions" className="grid content-start gap-2">
      <h2 id="conversation-actions" className="text-lg font-semibold">
        {text.actions}
      </h2>
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.noActions}</p>
      ) : (
        <ul className="grid gap-2" aria-label={text.actions}>
          {actions.map((action) => (
            <li key={action.id} className="grid gap-1 rounded-lg border p-3 text-sm" aria-label={`${text.actionNames[action.action]} ${action.orderNumber}`}>
              <span className="flex flex-wrap justify-between gap-2 font-medium">
                <span>{text.actionNames[action.action]}</span>
                <span className="tabular-nums">{formatMoney(action.amount)}</span>
              </span>
              <Link to={paths.supportOrder(action.orderId)} className="w-fit text-primary underline-offset-4 hover:underline">
                {action.orderNumber}
              </Link>
              <span className="text-muted-foreground">
                {text.actionStatuses[action.status]} · <time dateTime={action.createdAt}>{formatDateTime(action.createdAt, BUSINESS_TIME_ZONE)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Controls({ conversation, mayTake, mayWork }: { conversation: SupportConversationDetail; mayTake: boolean; mayWork: boolean }) {
  const [draft, setDraft] = useState('');
  const take = useTakeConversation(conversation.id);
  const reply = useReplyToConversation(conversation.id);
  const close = useCloseConversation(conversation.id);

  async function send() {
    if (!canSendChatMessage(draft, { replying: reply.isPending })) return;
    try {
      await reply.mutateAsync(draft.trim());
      setDraft('');
      toast.success(text.sent);
    } catch (error) {
      toast.error(failure(error, text.sendFailed));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void send();
  }

  return (
    <section className="grid gap-3 border-t pt-4">
      {mayTake ? (
        <Button
          className="h-10 w-fit"
          busy={take.isPending}
          onClick={() =>
            void take.mutateAsync().then(
              () => toast.success(text.taken),
              (error: unknown) => toast.error(failure(error, text.takeFailed)),
            )
          }
        >
          {text.takeOver}
        </Button>
      ) : null}
      {mayWork ? (
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor="conversation-reply">{text.reply}</Label>
          <Textarea
            id="conversation-reply"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={keyDown}
            placeholder={text.replyPlaceholder}
            rows={3}
            maxLength={MAX_CHAT_MESSAGE_CHARS}
          />
          <div className="flex flex-wrap justify-between gap-2">
            <Button type="submit" className="h-10" disabled={!canSendChatMessage(draft, { replying: reply.isPending })}>
              {text.send}
            </Button>
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" className="h-10" busy={close.isPending}>
                  {text.close}
                </Button>
              }
              title={text.closeTitle}
              description={text.closeDescription(conversation.customer.name)}
              confirmLabel={text.closeConfirm}
              destructive
              onConfirm={async () => {
                try {
                  await close.mutateAsync();
                  toast.success(text.closed);
                } catch (error) {
                  toast.error(failure(error, text.closeFailed));
                  throw error;
                }
              }}
            />
          </div>
        </form>
      ) : null}
    </section>
  );
}
