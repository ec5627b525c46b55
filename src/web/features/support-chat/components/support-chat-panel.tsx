import { LogIn, WifiOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { chatErrors, chatPanelCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/lib/session';
import { useSupportChat } from '../hooks/use-support-chat';
import { ChatComposer } from './chat-composer';
import { ChatTranscript } from './chat-transcript';
import { PendingActionCard } from './pending-action-card';

/** The chat panel's body: the customer's conversation, a sign-in prompt for visitors, a note for staff. */
export function SupportChatPanel() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PanelSkeleton />;
  if (auth.status === 'signed-out') {
    return (
      <Notice>
        <p>{chatErrors.signInRequired}</p>
        <Button asChild>
          <Link to={paths.auth}>
            <LogIn aria-hidden />
            {chatPanelCopy.signIn}
          </Link>
        </Button>
      </Notice>
    );
  }
  if (auth.profile.role !== 'customer') {
    return (
      <Notice>
        <p>{chatPanelCopy.staffOnly}</p>
      </Notice>
    );
  }
  return <CustomerChat userId={auth.user.id} />;
}

function CustomerChat({ userId }: { userId: string }) {
  const chat = useSupportChat(userId);
  const box = useRef<HTMLTextAreaElement>(null);
  // A suggestion or a yes/no button goes away once used: the message box takes the focus.
  const reply = (text: string) => {
    chat.send(text);
    box.current?.focus();
  };
  const shown = !chat.loading && !chat.loadError;
  useEffect(() => {
    // The panel opens before its conversation is read, so the sheet gives the focus to its Close button; the
    // message box takes it once it is there, if the focus is still in the panel. Not where the main pointer is
    // a finger: focusing the box raises the on-screen keyboard over the conversation.
    if (!shown || window.matchMedia?.('(pointer: coarse)').matches) return;
    if (document.activeElement?.closest('[role="dialog"]')) box.current?.focus();
  }, [shown]);
  if (chat.loading) return <PanelSkeleton />;
  if (chat.loadError) {
    return (
      <div className="p-4">
        <QueryError compact title={chatPanelCopy.loadFailed} error={chat.loadError} onRetry={chat.reload} />
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ChatTranscript
        messages={chat.messages}
        streamingText={chat.streamingText}
        status={chat.status}
        onSuggestion={reply}
        queued={chat.queued}
        footer={chat.pendingAction ? <PendingActionCard action={chat.pendingAction} busy={chat.replying} onReply={reply} /> : null}
      />
      {chat.online ? null : (
        <p role="status" className="flex items-center gap-2 border-t bg-destructive/10 px-4 py-2 text-sm font-medium text-destructive">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {chatPanelCopy.offline}
        </p>
      )}
      <ChatComposer ref={box} draft={chat.draft} onDraft={chat.setDraft} onSend={() => chat.send()} replying={chat.replying} />
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="grid justify-items-center gap-4 p-6 text-center text-sm">{children}</div>;
}

function PanelSkeleton() {
  return (
    <div className="grid gap-3 p-4" aria-busy="true" aria-label={chatPanelCopy.loading}>
      <Skeleton className="h-12 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-16 w-2/3 rounded-2xl" />
    </div>
  );
}
