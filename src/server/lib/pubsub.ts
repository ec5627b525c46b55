import type { Database } from '../db/client';

export interface Subscriber {
  /** A message of the channel, parsed from its JSON payload. */
  message(value: unknown): void;
  /** The database connection that listens was lost and made again: messages may have been missed. */
  reconnected?(): void;
}

export interface PubSub {
  /** Resolves once the channel is listened to, so whatever is read after it cannot miss a message. */
  subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  /** How many subscribers the channel has in this process (for tests and diagnostics). */
  subscriberCount(channel: string): number;
}

interface Channel {
  subscribers: Set<Subscriber>;
  /** The database's LISTEN for this channel; settles once it is in place. */
  listening: Promise<() => Promise<void>>;
}

function deliver(subscribers: Iterable<Subscriber>, call: (subscriber: Subscriber) => void) {
  // A copy: a subscriber may leave while hearing a message.
  for (const subscriber of [...subscribers]) {
    try {
      call(subscriber);
    } catch {
      // One subscriber's failure must not keep the message from the others.
    }
  }
}

/**
 * Publish/subscribe over the database's LISTEN/NOTIFY. One LISTEN per channel per process, however
 * many subscribers (a thousand open tracking streams are one LISTEN), and each payload is parsed once
 * and handed to every subscriber in memory. Publishing is NOTIFY inside the writer's transaction
 * (see recordOrderEvent), so every instance hears a change only once it is committed.
 */
export function createPubSub(database: Pick<Database, 'listen'>): PubSub {
  const channels = new Map<string, Channel>();

  function open(channel: string): Channel {
    const subscribers = new Set<Subscriber>();
    const listening = database.listen(
      channel,
      (payload) => {
        let value: unknown;
        try {
          value = JSON.parse(payload) as unknown;
        } catch {
          return;
        }
        deliver(subscribers, (subscriber) => subscriber.message(value));
      },
      { onReconnect: () => deliver(subscribers, (subscriber) => subscriber.reconnected?.()) },
    );
    const entry = { subscribers, listening };
    channels.set(channel, entry);
    // A failed LISTEN leaves nothing behind: the next subscriber tries again.
    listening.catch(() => {
      if (channels.get(channel) === entry) channels.delete(channel);
    });
    return entry;
  }

  return {
    async subscribe(channel, subscriber) {
      const entry = channels.get(channel) ?? open(channel);
      entry.subscribers.add(subscriber);
      try {
        await entry.listening;
      } catch (error) {
        entry.subscribers.delete(subscriber);
        throw error;
      }
      let left = false;
      return async () => {
        if (left) return;
        left = true;
        entry.subscribers.delete(subscriber);
        if (entry.subscribers.size > 0 || channels.get(channel) !== entry) return;
        channels.delete(channel);
        await (await entry.listening)();
      };
    },
    subscriberCount: (channel) => channels.get(channel)?.subscribers.size ?? 0,
  };
}

const perDatabase = new WeakMap<Pick<Database, 'listen'>, PubSub>();

/** The process's one publish/subscribe hub for this database, shared by every app built on it. */
export function pubsubOf(database: Pick<Database, 'listen'>): PubSub {
  let pubsub = perDatabase.get(database);
  if (!pubsub) {
    pubsub = createPubSub(database);
    perDatabase.set(database, pubsub);
  }
  return pubsub;
}
