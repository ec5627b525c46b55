import type { PushMessage } from '@/shared/contracts/notifications';

/**
 * What a stand-in push service received, by device: tests wait for the message they expect (already
 * received, or the next one) or list what reached a device.
 */
export function createPushInbox<Entry extends { device: string; message: PushMessage }>() {
  const received: Entry[] = [];
  const waiting: { match: (entry: Entry) => boolean; resolve: (entry: Entry) => void }[] = [];
  return {
    received,
    deliver(entry: Entry) {
      received.push(entry);
      for (const waiter of [...waiting]) {
        if (waiter.match(entry)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
    },
    /** The message to this device matching `match`; fails after a few seconds. */
    waitFor(device: string, match: (message: PushMessage) => boolean = () => true): Promise<Entry> {
      const test = (entry: Entry) => entry.device === device && match(entry.message);
      const seen = received.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match: test, resolve };
        waiting.push(waiter);
        setTimeout(() => {
          if (!waiting.includes(waiter)) return;
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no message reached device ${device}`));
        }, 5_000).unref();
      });
    },
    /** What reached this device. */
    messagesTo: (device: string) => received.filter((entry) => entry.device === device).map((entry) => entry.message),
  };
}
