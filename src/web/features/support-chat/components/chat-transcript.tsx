import { Headset } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage, ConversationStatus } from '@/shared/contracts/support-chat';
import { chatPanelCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { formatTime } from '@/web/lib/format-time';
import { ChatOrderCards } from './chat-order-cards';

function speaker(message: ChatMessage): string {
  if (message.role === 'user') return chatPanelCopy.you;
  if (message.role === 'agent') return message.authorName ? chatPanelCopy.agent(message.authorName) : chatPanelCopy.supportTeam;
  return chatPanelCopy.assistant;
}

function Bubble({ own, who, at, note, children, live }: { own: boolean; who: string; at?: string; note?: string; children: ReactNode; live?: boolean }) {
  return (
    <div className={cn('flex max-w-[88%] flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}>
      <p className="text-xs text-muted-foreground">
        <span className="font-medium">{who}</span>
        {at ? (
          <>
            {' · '}
            <time dateTime={at}>{formatTime(at)}</time>
          </>
        ) : null}
        {note ? ` · ${note}` : null}
      </p>
      <div
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
          live && 'min-w-12',
        )}
      >
        {children}
      </div>
    </div>
  );
}

const statusLines: Partial<Record<ConversationStatus, string>> = {
  escalated: chatPanelCopy.escalated,
  with_agent: chatPanelCopy.withAgent,
  closed: chatPanelCopy.closed,
};

/**
 * The conversation, newest at the bottom and kept in view: the messages (a reply's orders as cards
 * under it), the reply streaming in, what became of the conversation, and `footer` (an action
 * waiting for a yes). A live region, so a screen reader hears each reply once it is complete.
 */
export function ChatTranscript({
  messages,
  streamingText,
  status,
  onSuggestion,
  footer,
  queued = null,
}: {
  messages: ChatMessage[];
  streamingText: string | null;
  /** A message written offline, waiting to be sent. */
  queued?: string | null;
  status: ConversationStatus;
  onSuggestion(text: string): void;
  footer?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const statusLine = statusLines[status];

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, streamingText, status, footer, queued]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={chatPanelCopy.transcript}
      aria-busy={streamingText !== null}
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-3"
    >
      {messages.length === 0 && streamingText === null && queued === null ? (
        <div className="my-auto grid justify-items-center gap-3 py-6 text-center">
          <Headset className="size-10 text-muted-foreground" aria-hidden />
          <h3 className="font-semibold">{chatPanelCopy.emptyTitle}</h3>
          <p className="max-w-xs text-sm text-muted-foreground">{chatPanelCopy.emptyBody}</p>
          <ul className="flex flex-wrap justify-center gap-2" aria-label={chatPanelCopy.suggestionsLabel}>
            {chatPanelCopy.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Button variant="outline" size="sm" className="rounded-full" onClick={() => onSuggestion(suggestion)}>
                  {suggestion}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {messages.map((message) => (
        <div key={message.id} className="flex flex-col gap-2">
          <Bubble own={message.role === 'user'} who={speaker(message)} at={message.createdAt}>
            {message.content}
          </Bubble>
          {message.orders && message.orders.length > 0 ? (
            <div className="max-w-[88%] self-start">
              <ChatOrderCards orders={message.orders} />
            </div>
          ) : null}
        </div>
      ))}
      {queued !== null ? (
        <Bubble own who={chatPanelCopy.you} note={chatPanelCopy.queued}>
          {queued}
        </Bubble>
      ) : null}
      {/* With a person on the conversation the assistant stays quiet: no typing dots for a reply that will not come. */}
      {streamingText !== null && (streamingText !== '' || status === 'assistant') ? (
        <Bubble own={false} who={chatPanelCopy.assistant} live>
          {streamingText ? (
            <span data-testid="streaming-reply">{streamingText}</span>
          ) : (
            <span className="inline-flex items-center gap-1 text-muted-foreground" role="status">
              <span className="sr-only">{chatPanelCopy.typing}</span>
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" aria-hidden />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" aria-hidden />
              <span className="size-1.5 animate-bounce rounded-full bg-current" aria-hidden />
            </span>
          )}
        </Bubble>
      ) : null}
      {footer}
      {statusLine ? (
        <p role="status" className="rounded-md bg-secondary px-3 py-2 text-center text-xs text-secondary-foreground">
          {statusLine}
        </p>
      ) : null}
    </div>
  );
}
