import { randomUUID } from 'node:crypto';
import { addToCart, call, placeOrder, quote, RefusedError, type Customer } from './shop';



/** What a checkout load saw: the orders the server said it placed, and every other answer by kind. */
export interface LoadRecord {
  placed: Set<string>;
  answers: Map<string, number>;
  stop(): Promise<void>;
}

/**
 * Customers ordering one unit of the product, again and again, until stopped. Every answer is counted
 * by status and error code; a request nobody answered (the server was killed) counts as `no answer`.
 * After a refusal or no answer the customer simply starts again, as an app would.
 */
export function checkoutLoad(customers: Customer[], productId: string, warehouseId: string): LoadRecord {
  let running = true;
  const placed = new Set<string>();
  const answers = new Map<string, number>();
  const note = (kind: string) => answers.set(kind, (answers.get(kind) ?? 0) + 1);

  async function shop(customer: Customer) {
    while (running) {
      try {
        await call(customer, '/api/cart/items', { method: 'DELETE' });
        await addToCart(customer, productId, warehouseId);
        const result = await placeOrder(customer, await quote(customer), `load-${randomUUID()}`);
        if (result.status === 201 && result.orderId) placed.add(result.orderId);
        note(result.code ? `${result.status} ${result.code}` : String(result.status));
      } catch (error) {
        note(error instanceof RefusedError ? `${error.status} ${error.code ?? ''}`.trim() : 'no answer');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  const shoppers = Promise.all(customers.map(shop));
  return {
    placed,
    answers,
    stop: async () => {
      running = false;
      await shoppers;
    },
  };
}

/** Resolves once `check` holds, polling every 100 ms, or fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
