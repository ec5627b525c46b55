import { and, desc, eq } from 'drizzle-orm';
import type { ChatAction, PendingActionStatus, PendingChatAction } from '@/shared/contracts/support-chat';
import { PENDING_ACTION_MINUTES } from '@/shared/contracts/support-chat';
import type { Db } from '../../db/client';
import { lockConversation } from './conversation-records';
import { chatPendingActions } from './support-chat.tables';

export type PendingActionRow = typeof chatPendingActions.$inferSelect;

export function toPendingChatAction(row: PendingActionRow): PendingChatAction {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    action: row.action,
    amount: row.amount,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function isExpired(row: PendingActionRow, now = new Date()): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

/** The action of a conversation still waiting for the customer's word (expired or not), if any. */
export async function pendingActionOf(db: Db, conversationId: string): Promise<PendingActionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatPendingActions)
    .where(and(eq(chatPendingActions.conversationId, conversationId), eq(chatPendingActions.status, 'pending')))
    .orderBy(desc(chatPendingActions.createdAt))
    .limit(1);
  return row;
}

/**
 * Settles a pending action, only if it is still pending: of two requests that race to confirm it,
 * exactly one gets the row back.
 */
export async function resolvePendingAction(
  db: Db,
  options: { id: string; status: Exclude<PendingActionStatus, 'pending'>; from?: PendingActionStatus },
): Promise<PendingActionRow | undefined> {
  const [row] = await db
    .update(chatPendingActions)
    .set({ status: options.status, resolvedAt: new Date() })
    .where(and(eq(chatPendingActions.id, options.id), eq(chatPendingActions.status, options.from ?? 'pending')))
    .returning();
  return row;
}

/**
 * Records a proposal for the customer to confirm, in place of any older one of the conversation
 * (a conversation waits on one action at a time).
 */
export async function proposeAction(
  db: Db,
  options: {
    conversationId: string;
    customerProfileId: string;
    order: { id: string; orderNumber: string };
    action: ChatAction;
    amount: number;
    now?: Date;
  },
): Promise<PendingChatAction> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockConversation(tx, options.conversationId);
    await tx
      .update(chatPendingActions)
      .set({ status: 'dropped', resolvedAt: now })
      .where(and(eq(chatPendingActions.conversationId, options.conversationId), eq(chatPendingActions.status, 'pending')));
    const [row] = await tx
      .insert(chatPendingActions)
      .values({
        conversationId: options.conversationId,
        customerProfileId: options.customerProfileId,
        orderId: options.order.id,
        orderNumber: options.order.orderNumber,
        action: options.action,
        amount: options.amount,
        expiresAt: new Date(now.getTime() + PENDING_ACTION_MINUTES * 60_000),
      })
      .returning();
    return toPendingChatAction(row!);
  });
}
