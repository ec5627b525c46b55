import { SendHorizontal } from 'lucide-react';
import { useId, type Ref } from 'react';
import { canSendChatMessage, isSendKey } from '@/shared/chat-rules';
import { MAX_CHAT_MESSAGE_CHARS } from '@/shared/contracts/support-chat';
import { chatPanelCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';

/** The message box: Enter sends, Shift+Enter makes a new line; nothing blank, nothing while a reply streams. */
export function ChatComposer({
  draft,
  onDraft,
  onSend,
  replying,
  ref,
}: {
  draft: string;
  onDraft(draft: string): void;
  onSend(): void;
  replying: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const canSend = canSendChatMessage(draft, { replying });
  return (
    <form
      className="grid gap-1 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {chatPanelCopy.messageLabel}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={ref}
          id={id}
          rows={2}
          value={draft}
          maxLength={MAX_CHAT_MESSAGE_CHARS}
          placeholder={chatPanelCopy.placeholder}
          aria-describedby={hintId}
          className="max-h-40 min-h-11 resize-none"
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={(event) => {
            if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
            // Enter never makes a new line; it sends when sending is allowed.
            event.preventDefault();
            onSend();
          }}
        />
        <Button type="submit" size="icon" className="size-11" aria-label={chatPanelCopy.send} disabled={!canSend}>
          <SendHorizontal className="size-5" />
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {chatPanelCopy.hint}
      </p>
    </form>
  );
}
