import { AlertCircle } from 'lucide-react';
import type { PendingChatAction } from '@/shared/contracts/support-chat';
import { chatPanelCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';

/** The action the assistant proposed, waiting for the customer's yes: which order, what happens, how much. */
export function PendingActionCard({ action, onReply, busy }: { action: PendingChatAction; onReply(reply: string): void; busy: boolean }) {
  const title = chatPanelCopy.pendingTitle[action.action](action.orderNumber);
  const amount = action.amount > 0 ? formatMoney(action.amount) : null;
  return (
    <section aria-label={title} className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
      <div className="flex items-start gap-2">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <h3 className="font-semibold">{title}</h3>
          <p>{chatPanelCopy.pendingBody[action.action](amount)}</p>
          <p className="text-xs opacity-80">{chatPanelCopy.pendingHint}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" busy={busy} onClick={() => onReply(chatPanelCopy.confirmReply)}>
          {chatPanelCopy.confirm}
        </Button>
        <Button size="sm" variant="outline" busy={busy} onClick={() => onReply(chatPanelCopy.declineReply)}>
          {chatPanelCopy.decline}
        </Button>
      </div>
    </section>
  );
}
