import { describe, expect, it } from 'vitest';
import type { ListenOptions } from '../db/client';
import { createPubSub, pubsubOf } from './pubsub';

/** A database whose LISTENs are counted and whose notifications the test sends. */
function fakeDatabase() {
  const listening = new Map<string, { onPayload: (payload: string) => void; options?: ListenOptions }>();
  let listens = 0;
  let unlistens = 0;
  return {
    get listens() {
      return listens;
    },
    get unlistens() {
      return unlistens;
    },
    notify: (channel: string, payload: string) => listening.get(channel)?.onPayload(payload),
    reconnect: () => {
      for (const entry of listening.values()) entry.options?.onReconnect?.();
    },
    async listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions) {
      listens += 1;
      listening.set(channel, { onPayload, options });
      return async () => {
        unlistens += 1;
        listening.delete(channel);
      };
    },
  };
}

describe('pubsub', () => {
  it('listens once per channel for a thousand subscribers and hands each message to all of them', async () => {
    const database = fakeDatabase();
    const pubsub = createPubSub(database);
    const heard: unknown[][] = Array.from({ length: 1000 }, () => []);
    const leave = await Promise.all(heard.map((box) => pubsub.subscribe('order_events', { message: (value) => box.push(value) })));
    expect(database.listens).toBe(1);
    expect(pubsub.subscriberCount('order_events')).toBe(1000);

    database.notify('order_events', '{"orderId":"a","status":"confirmed"}');
    expect(heard.every((box) => box.length === 1 && (box[0] as { status: string }).status === 'confirmed')).toBe(true);

    await Promise.all(leave.slice(1).map((unsubscribe) => unsubscribe()));
    expect(database.unlistens).toBe(0);
    await leave[0]!();
    expect(database.unlistens).toBe(1);
    // A new subscriber listens again.
    await pubsub.subscribe('order_events', { message: () => undefined });
    expect(database.listens).toBe(2);
  });

  it('keeps channels apart, skips payloads that are not JSON, and survives a subscriber that throws', async () => {
    const database = fakeDatabase();
    const pubsub = createPubSub(database);
    const events: unknown[] = [];
    const positions: unknown[] = [];
    await pubsub.subscribe('order_events', {
      message() {
        throw new Error('broken subscriber');
      },
    });
    await pubsub.subscribe('order_events', { message: (value) => events.push(value) });
    await pubsub.subscribe('driver_positions', { message: (value) => positions.push(value) });
    database.notify('order_events', 'not json');
    database.notify('order_events', '{"n":1}');
    database.notify('driver_positions', '{"n":2}');
    expect(events).toEqual([{ n: 1 }]);
    expect(positions).toEqual([{ n: 2 }]);
  });

  it('tells every subscriber when the listening connection was made again', async () => {
    const database = fakeDatabase();
    const pubsub = createPubSub(database);
    let reconnected = 0;
    await pubsub.subscribe('order_events', { message: () => undefined, reconnected: () => (reconnected += 1) });
    await pubsub.subscribe('order_events', { message: () => undefined, reconnected: () => (reconnected += 1) });
    database.reconnect();
    expect(reconnected).toBe(2);
  });

  it('lets a failed LISTEN fail its subscriber and tries again for the next one', async () => {
    let attempts = 0;
    const pubsub = createPubSub({
      async listen() {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
        return async () => undefined;
      },
    });
    await expect(pubsub.subscribe('order_events', { message: () => undefined })).rejects.toThrow('connection refused');
    expect(pubsub.subscriberCount('order_events')).toBe(0);
    await pubsub.subscribe('order_events', { message: () => undefined });
    expect(attempts).toBe(2);
  });

  it('is one hub per database in a process', () => {
    const database = fakeDatabase();
    expect(pubsubOf(database)).toBe(pubsubOf(database));
    expect(pubsubOf(database)).not.toBe(pubsubOf(fakeDatabase()));
  });
});
