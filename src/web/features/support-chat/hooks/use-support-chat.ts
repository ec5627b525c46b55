import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { canSendChatMessage, isConfirmation } from '@/shared/chat-rules';
import { chatMessage, chatStatusEvent, type ChatConversation, type ChatMessage, type ConversationStatus, type PendingChatAction } from '@/shared/contracts/support-chat';
import { chatErrors } from '@/shared/copy';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { ApiError } from '@/web/lib/api-client';
import { openEventStream } from '@/web/lib/event-stream';
import { subscribeToConnectivity } from '@/web/lib/platform';
import { conversationQuery, sendSupportAction, streamSupportReply, supportChatStreamPath } from '../api/support-chat-api';
import { localMessage, mergeMessage, toTurns, waitingAction } from '../chat-messages';

export interface SupportChat {
  /** The first load of the history: pending, failed (with a retry) or done. */
  loading: boolean;
  loadError: unknown;
  reload(): void;
  messages: ChatMessage[];
  status: ConversationStatus;
  /** The action waiting for the customer's yes. */
  pendingAction: PendingChatAction | null;
  /** A reply (or an action) is on its way: nothing more may be sent until it ends. */
  replying: boolean;
  /** The reply so far while it streams; null when none is streaming. */
  streamingText: string | null;
  draft: string;
  setDraft(draft: string): void;
  /** Sends `text` (the draft by default) when the rules allow; false when they do not. Offline, it waits to be sent. */
  send(text?: string): boolean;
  /** Whether the device is online. */
  online: boolean;
  /** A message written while offline, sent as soon as the connection is back. */
  queued: string | null;
}

const refusedStatuses: Record<number, string> = { 429: chatErrors.rateLimited, 402: chatErrors.paymentRequired };

/**
 * The signed-in customer's support chat: the history from the server, the customer's messages and
 * the replies streaming token by token, the action waiting for a yes (a yes runs it through the
 * action form), and the live feed that brings an agent's replies and status changes.
 */
export function useSupportChat(userId: string): SupportChat {
  const queryClient = useQueryClient();
  const query = useMemo(() => conversationQuery(userId), [userId]);
  const conversation = useQuery(query);
  const [replying, setReplying] = useState(false);
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [online, setOnline] = useState(() => navigator.onLine);
  const [queued, setQueued] = useState<string | null>(null);
  const queuedRef = useRef<string | null>(null);
  // Read synchronously by `send` and the live feed, so two quick Enters cannot both get through.
  const replyingRef = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const queryKey = query.queryKey;

  const update = useCallback(
    (change: (current: ChatConversation) => ChatConversation) => {
      queryClient.setQueryData(queryKey, (current) => change(current ?? { id: null, status: 'assistant', messages: [], pendingAction: null }));
    },
    [queryClient, queryKey],
  );
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  // Closing the panel stops a reply being read; what the server stored shows at the next opening.
  useEffect(() => () => inFlight.current?.abort(), []);

  useEffect(() => {
    const controller = new AbortController();
    openEventStream({
      path: supportChatStreamPath,
      signal: controller.signal,
      onMessage: (event) => {
        if (event.event === 'ready') {
          // Listening now: what was said before (or while the connection was down) is in the history.
          if (!replyingRef.current) refresh();
          return;
        }
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (event.event === 'message') {
          const parsed = chatMessage.safeParse(data);
          if (!parsed.success) return;
          // The reply being streamed here arrives whole when it is stored: the stream already shows it.
          if (replyingRef.current && parsed.data.role === 'assistant') return;
          update((current) => ({ ...current, messages: mergeMessage(current.messages, parsed.data) }));
        } else if (event.event === 'status') {
          const parsed = chatStatusEvent.safeParse(data);
          if (!parsed.success) return;
          const known = queryClient.getQueryData(queryKey);
          if (known?.id === parsed.data.conversationId) update((current) => ({ ...current, status: parsed.data.status }));
          else if (!replyingRef.current) refresh();
        }
      },
    });
    return () => controller.abort();
  }, [queryClient, queryKey, refresh, update]);

  const run = useCallback(
    async (content: string) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      const pending = waitingAction(before?.pendingAction);
      const mine = localMessage('user', content);
      update((current) => ({ ...current, messages: [...current.messages, mine] }));
      const messages = toTurns([...(before?.messages ?? []), mine]);

      if (pending && isConfirmation(content)) {
        try {
          const reply = await sendSupportAction({ messages, action: pending.action, orderId: pending.orderId, clientId: mine.clientId });
          update((current) => ({ ...current, pendingAction: null, messages: [...current.messages, localMessage('assistant', reply, { answering: mine })] }));
          // The order changed: its pages and lists read it again.
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        } catch {
          toast.error(chatErrors.actionFailed);
        }
        refresh();
        return;
      }

      const controller = new AbortController();
      inFlight.current = controller;
      setStreamingText('');
      try {
        let sofar = '';
        const reply = await streamSupportReply({
          messages,
          clientId: mine.clientId,
          signal: controller.signal,
          onDelta: (delta) => {
            sofar += delta;
            setStreamingText(sofar);
          },
        });
        // While a person has the conversation the assistant stays quiet: the reply is empty.
        if (reply.trim()) update((current) => ({ ...current, messages: [...current.messages, localMessage('assistant', reply, { answering: mine })] }));
        // The stored messages, the orders a reply listed and any action it proposed.
        refresh();
      } catch (error) {
        if (controller.signal.aborted) return;
        const refusal = error instanceof ApiError ? refusedStatuses[error.status] : undefined;
        if (refusal) {
          // Refused as a whole: the message goes back to the box, to send again in a moment.
          update((current) => ({ ...current, messages: current.messages.filter((message) => message.id !== mine.id) }));
          setDraft((current) => (current.trim() ? current : content));
          toast.error(refusal);
        } else {
          update((current) => ({ ...current, messages: [...current.messages, localMessage('assistant', chatErrors.apology, { apology: true })] }));
          toast.error(chatErrors.sendFailed);
        }
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
        setStreamingText(null);
      }
    },
    [queryClient, queryKey, refresh, update],
  );

  const dispatch = useCallback(
    (content: string) => {
      void run(content).finally(() => {
        replyingRef.current = false;
        setReplying(false);
      });
    },
    [run],
  );

  const send = useCallback(
    (text?: string) => {
      const content = text ?? draft;
      if (!canSendChatMessage(content, { replying: replyingRef.current })) return false;
      replyingRef.current = true;
      setReplying(true);
      if (text === undefined) setDraft('');
      // Offline it would only fail: it waits, and nothing more is sent until it has gone.
      if (online) {
        dispatch(content.trim());
      } else {
        queuedRef.current = content.trim();
        setQueued(queuedRef.current);
      }
      return true;
    },
    [draft, online, dispatch],
  );

  // Back online, the message that waited goes.
  useEffect(
    () =>
      subscribeToConnectivity((now) => {
        setOnline(now);
        const waiting = queuedRef.current;
        if (!now || waiting === null) return;
        queuedRef.current = null;
        setQueued(null);
        dispatch(waiting);
      }),
    [dispatch],
  );

  const data = conversation.data;
  return {
    loading: conversation.isPending,
    loadError: conversation.isError && !data ? conversation.error : null,
    reload: () => void conversation.refetch(),
    messages: data?.messages ?? [],
    status: data?.status ?? 'assistant',
    pendingAction: replying ? null : waitingAction(data?.pendingAction),
    replying,
    streamingText,
    draft,
    setDraft,
    send,
    online,
    queued,
  };
}
