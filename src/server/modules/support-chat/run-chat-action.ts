import { and, desc, eq } from 'drizzle-orm';
import type { ChatAction } from '@/shared/contracts/support-chat';
import { chatEngineCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { appendMessage, lockConversation } from './conversation-records';
import { executePendingAction } from './execute-pending-action';
import { findOpenChat } from './open-chat';
import { isExpired, resolvePendingAction } from './pending-actions';
import { chatPendingActions } from './support-chat.tables';

const noPendingAction = () => new AppError({ kind: 'CONFLICT', code: 'NO_PENDING_ACTION', message: chatEngineCopy.refusals.noPendingAction });

/**
 * The action form of the support chat (SPEC §7): runs the customer's pending action for exactly this
 * order and action, if it is still pending and not expired; anything else is refused and changes
 * nothing. The customer's confirmation of an action that runs, and the result as the assistant's
 * message, are stored in the conversation with the `clientId` the customer's device gave the confirmation.
 */
export async function runChatAction(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  action: ChatAction;
  orderId: string;
  /** The customer's last turn, the "yes" that runs the action. */
  confirmation?: string;
  clientId?: string;
}): Promise<{ message: string }> {
  const { clientId } = options;
  const { db, viewer } = options;
  const conversation = await findOpenChat(db, viewer.profileId);
  if (!conversation) throw noPendingAction();

  const claimed = await db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversation.id);
    const [pending] = await tx
      .select()
      .from(chatPendingActions)
      .where(
        and(
          eq(chatPendingActions.conversationId, conversation.id),
          eq(chatPendingActions.customerProfileId, viewer.profileId),
          eq(chatPendingActions.status, 'pending'),
          eq(chatPendingActions.orderId, options.orderId),
          eq(chatPendingActions.action, options.action),
        ),
      )
      .orderBy(desc(chatPendingActions.createdAt))
      .limit(1);
    if (!pending) return null;
    if (isExpired(pending)) {
      await resolvePendingAction(tx, { id: pending.id, status: 'expired' });
      return 'expired' as const;
    }
    const done = await resolvePendingAction(tx, { id: pending.id, status: 'done' });
    if (done && locked && options.confirmation) await appendMessage(tx, { conversation: locked, author: 'user', content: options.confirmation, clientId });
    return done ?? null;
  });
  if (claimed === null) throw noPendingAction();
  if (claimed === 'expired') {
    throw new AppError({ kind: 'CONFLICT', code: 'PENDING_ACTION_EXPIRED', message: chatEngineCopy.refusals.pendingActionExpired });
  }

  const result = await executePendingAction({ db, payments: options.payments, logger: options.logger, viewer, action: claimed });
  await db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversation.id);
    if (locked) await appendMessage(tx, { conversation: locked, author: 'assistant', content: result.message, clientId });
  });
  if (!result.ok) throw new AppError({ kind: 'CONFLICT', code: 'ACTION_FAILED', message: result.message });
  return { message: result.message };
}
