import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { canSendChatMessage, isConfirmation } from '@/shared/chat-rules';
import { chatMessage, chatStatusEvent, type ChatConversation, type ChatMessage, type ConversationStatus, type PendingChatAction } from '@/shared/contracts/support-chat';
import { chatErrors } from '@/shared/copy';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { ApiError, isNetworkError } from '@/web/lib/api-client';
import { openEventStream } from '@/web/lib/event-stream';
import { randomId } from '@/web/lib/random-id';
import { subscribeToConnectivity } from '@/web/lib/platform';
import { conversationQuery, sendSupportAction, streamSupportReply, supportChatStreamPath } from '../api/support-chat-api';
import { addShown, holdsStored, localMessage, mergeMessage, toTurns, waitingAction } from '../chat-messages';
import { keepWaitingMessage, readWaitingMessage, type WaitingMessage } from '../waiting-message';

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
  /**
   * A message not sent yet (written offline, or its answer lost with the connection), sent again as
   * soon as the connection allows; null too once the server is known to have it.
   */
  queued: string | null;
}

/** How long a message whose answer was lost with the connection waits before it is sent again; longer at each failure. */
const RESEND_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];

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
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [online, setOnline] = useState(() => navigator.onLine);
  // Kept across closing the panel and a reload: it still goes once the connection allows.
  const [waiting, setWaitingState] = useState<WaitingMessage | null>(() => readWaitingMessage(userId));
  const [resends, setResends] = useState(0);
  // Read synchronously by `send` and the live feed, so two quick Enters cannot both get through.
  // Nothing more is sent while a message waits.
  const replyingRef = useRef(waiting !== null);
  const [replying, setReplyingState] = useState(waiting !== null);
  // The message on its way, and how to make it wait.
  const inFlight = useRef<{ controller: AbortController; toWait(): WaitingMessage } | null>(null);
  const queryKey = query.queryKey;

  const update = useCallback(
    (change: (current: ChatConversation) => ChatConversation) => {
      queryClient.setQueryData(queryKey, (current) => change(current ?? { id: null, status: 'assistant', messages: [], pendingAction: null }));
    },
    [queryClient, queryKey],
  );
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const setReplying = useCallback((value: boolean) => {
    replyingRef.current = value;
    setReplyingState(value);
  }, []);
  const setWaiting = useCallback(
    (message: WaitingMessage | null) => {
      keepWaitingMessage(userId, message);
      setWaitingState(message);
    },
    [userId],
  );

  // Closing the panel stops a reply being read. The message waits: sent again at the next opening, it is
  // answered with what the server stored, or sent for the first time if it never got there.
  useEffect(
    () => () => {
      const current = inFlight.current;
      if (!current) return;
      current.controller.abort();
      keepWaitingMessage(userId, current.toWait());
    },
    [userId],
  );

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

  /**
   * Sends a message and shows the answer. Resolves with the message when it has to wait: the
   * connection was lost before its answer came, so the server may or may not have it.
   */
  const run = useCallback(
    async (content: string, resending?: WaitingMessage): Promise<WaitingMessage | null> => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      const pending = waitingAction(before?.pendingAction);
      const mine = localMessage('user', content, { clientId: resending?.clientId });
      update((current) => ({ ...current, messages: addShown(current.messages, mine) }));
      const messages = toTurns([...(before?.messages ?? []), mine]);
      // It waits, no longer shown as sent (the server's copy, if it has one, shows as such).
      const toWait = () => {
        update((current) => ({ ...current, messages: current.messages.filter((message) => message.id !== mine.id) }));
        return { content, clientId: mine.clientId! };
      };
      const lost = (error: unknown) => (isNetworkError(error) ? toWait() : null);

      // Sent again, a yes goes as a message: the server answers a message it already has with what it
      // stored, and runs the action only if the first send never reached it.
      if (pending && isConfirmation(content) && !resending) {
        try {
          const reply = await sendSupportAction({ messages, action: pending.action, orderId: pending.orderId, clientId: mine.clientId });
          update((current) => ({ ...current, pendingAction: null, messages: [...current.messages, localMessage('assistant', reply, { answering: mine })] }));
          // The order changed: its pages and lists read it again.
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        } catch (error) {
          const waits = lost(error);
          if (waits) return waits;
          toast.error(chatErrors.actionFailed);
        }
        refresh();
        return null;
      }

      const controller = new AbortController();
      inFlight.current = { controller, toWait };
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
        if (reply.trim()) update((current) => ({ ...current, messages: addShown(current.messages, localMessage('assistant', reply, { answering: mine })) }));
        // The stored messages, the orders a reply listed and any action it proposed.
        refresh();
      } catch (error) {
        if (controller.signal.aborted) return null;
        const waits = lost(error);
        if (waits) return waits;
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
        if (inFlight.current?.controller === controller) inFlight.current = null;
        setStreamingText(null);
      }
      return null;
    },
    [queryClient, queryKey, refresh, update],
  );

  const dispatch = useCallback(
    (content: string, resending?: WaitingMessage) => {
      void run(content, resending).then(
        (waits) => {
          if (waits) {
            setWaiting(waits);
            setResends((count) => count + 1);
          } else {
            setResends(0);
            setReplying(false);
          }
        },
        () => setReplying(false),
      );
    },
    [run, setReplying, setWaiting],
  );

  const send = useCallback(
    (text?: string) => {
      const content = text ?? draft;
      if (!canSendChatMessage(content, { replying: replyingRef.current })) return false;
      setReplying(true);
      if (text === undefined) setDraft('');
      // Offline it would only fail: it waits, and nothing more is sent until it has gone.
      if (online) dispatch(content.trim());
      else setWaiting({ content: content.trim(), clientId: randomId() });
      return true;
    },
    [draft, online, dispatch, setReplying, setWaiting],
  );

  // Back online, a message that waits is sent at once.
  useEffect(
    () =>
      subscribeToConnectivity((now) => {
        setOnline(now);
        if (now) setResends(0);
      }),
    [],
  );

  // The message that waits goes once the device is online and the history is read: at once when the
  // connection comes back or the panel opens, after a pause when its answer was just lost.
  const loaded = conversation.data !== undefined;
  useEffect(() => {
    if (!waiting || !online || !loaded) return;
    const timer = setTimeout(
      () => {
        setWaiting(null);
        dispatch(waiting.content, waiting);
      },
      resends === 0 ? 0 : RESEND_DELAYS_MS[Math.min(resends, RESEND_DELAYS_MS.length) - 1],
    );
    return () => clearTimeout(timer);
  }, [waiting, online, loaded, resends, dispatch, setWaiting]);

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
    // Once the server is known to have it, it shows as sent while its answer is fetched.
    queued: waiting && !holdsStored(data?.messages ?? [], 'user', waiting.clientId) ? waiting.content : null,
  };
}
