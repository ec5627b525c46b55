import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '@/shared/money';
import type { OrderStatus } from '@/shared/order-status';
import { cloudKitchens } from '@/server/modules/kitchens/kitchens.tables';
import { orders } from '@/server/modules/orders/orders.tables';
import { refunds } from '@/server/modules/payments/payments.tables';
import { returnRequests } from '@/server/modules/returns/returns.tables';
import { chatConversations, chatPendingActions } from '@/server/modules/support-chat/support-chat.tables';
import { createCatalogFixture, type CatalogFixture } from '@/server/test/catalog-fixture';
import { createOrder, signedInPerson, type Person } from '@/server/test/order-fixture';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import type { DatabaseKind } from '@/server/test/test-database';
import { sendAction, sendMessage, type Turn } from './conversation';
import type { Amount, ChatTask, ExpectedEnd, Fact, OrderSeed, ReplyContext } from './task';

/** Every kitchen of the suite's world opens at 10:30 and closes at 21:30, every day. */
export const KITCHEN_OPENS = '10:30';
export const KITCHEN_CLOSES = '21:30';

/**
 * The database every task run shares: the test catalog (two active warehouses and a closed one, a
 * kitchen), a driver for orders on their way. Each run signs up fresh customers, so runs never see
 * each other's orders or conversations.
 */
export interface EvalWorld {
  t: TestApp;
  catalog: CatalogFixture;
  driver: Person;
  /** The assistant the app runs with: 'built-in', or the configured model. */
  provider: string;
  close(): Promise<void>;
}

/**
 * Starts the real app on a fresh test database. The assistant is whichever the environment configures
 * (AI_BASE_URL, AI_API_KEY, AI_MODEL), the built-in one otherwise.
 */
export async function createEvalWorld(options: { kind: DatabaseKind; env?: Record<string, string | undefined> }): Promise<EvalWorld> {
  const env = { AI_BASE_URL: process.env.AI_BASE_URL, AI_API_KEY: process.env.AI_API_KEY, AI_MODEL: process.env.AI_MODEL, ...options.env };
  const t = await createTestApp({ kind: options.kind, env });
  try {
    const catalog = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    const hours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: KITCHEN_OPENS, closes: KITCHEN_CLOSES }));
    await t.database.db.update(cloudKitchens).set({ openingHours: hours }).where(eq(cloudKitchens.id, catalog.kitchenId));
    const driver = await signedInPerson(t, { role: 'driver', firstName: 'Dee', warehouseIds: [catalog.warehouses.austin.id] });
    return { t, catalog, driver, provider: t.deps.assistant.name, close: () => t.close() };
  } catch (error) {
    await t.close();
    throw error;
  }
}

interface SeededOrder {
  id: string;
  number: string;
  status: OrderStatus;
  total: number;
  /** What was charged: the total on a card, nothing on delivery. */
  paid: number;
}

export interface RunResult {
  task: string;
  passed: boolean;
  /** Why it failed: each broken expectation on a line. */
  failures: string[];
  /** The conversation, for a failure report. */
  transcript: Turn[];
  ms: number;
}

const hourMs = 3_600_000;

/** Distinct line prices, so every order of a task has a total of its own. */
const defaultPrices = [1250, 875, 1640, 2210, 990, 1385, 1720, 655];

async function seedOrder(world: EvalWorld, seed: OrderSeed, index: number, owners: { customer: Person; other: Person | null }): Promise<SeededOrder> {
  const owner = seed.owner === 'other' ? owners.other! : owners.customer;
  const status = seed.status ?? 'placed';
  const paymentMethod = seed.paymentMethod ?? 'cash_on_delivery';
  const needsDriver = ['out_for_delivery', 'delivered', 'refund_requested', 'refunded', 'refund_rejected'].includes(status);
  const unitPrice = seed.unitPrice ?? defaultPrices[index % defaultPrices.length]!;
  const created = await createOrder(world.t.database.db, {
    customerProfileId: owner.profileId,
    warehouseId: world.catalog.warehouses.austin.id,
    lines: [{ itemType: 'product', productId: world.catalog.products.apples.id, name: 'Gala Apples', quantity: 2, unitPrice }],
    paymentMethod,
    paymentStatus: paymentMethod === 'card' ? 'paid' : undefined,
    status,
    driverProfileId: needsDriver ? world.driver.profileId : undefined,
    placedAt: new Date(Date.now() - (seed.ageHours ?? 1) * hourMs),
  });
  if (seed.notes !== undefined || seed.streetAddress !== undefined) {
    await world.t.database.db
      .update(orders)
      .set({ ...(seed.notes !== undefined ? { driverNotes: seed.notes } : {}), ...(seed.streetAddress !== undefined ? { streetAddress: seed.streetAddress } : {}) })
      .where(eq(orders.id, created.id));
  }
  // Cash is collected at the door: a delivered cash order counts as paid.
  const collected = paymentMethod === 'card' || (needsDriver && status !== 'out_for_delivery');
  const paid = collected ? created.totalAmount : 0;
  return { id: created.id, number: created.orderNumber, status, total: created.totalAmount, paid };
}

function fill(template: string, seeded: Map<string, SeededOrder>, name: string): string {
  return template.replace(/\{(\w+)(?:\.(total|paid))?\}/g, (whole, key: string, field?: string) => {
    if (key === 'name' && !field) return name;
    const order = seeded.get(key);
    if (!order) throw new Error(`The task names an order it does not seed: ${whole}`);
    if (field === 'total') return formatMoney(order.total);
    if (field === 'paid') return formatMoney(order.paid);
    return order.number;
  });
}

/** Compared without regard to case, runs of white space, or a space before a percent sign ('2 %' is '2%'). */
function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/ %/g, '%');
}

function checkFacts(reply: string, options: { expect?: Fact[]; reject?: string[]; fill: (text: string) => string; step: number }): string[] {
  const failures: string[] = [];
  const said = normalise(reply);
  for (const fact of options.expect ?? []) {
    const forms = (Array.isArray(fact) ? fact : [fact]).map(options.fill);
    if (!forms.some((form) => said.includes(normalise(form)))) failures.push(`step ${options.step}: the reply lacks "${forms.join('" or "')}"`);
  }
  for (const fact of options.reject ?? []) {
    const unwanted = options.fill(fact);
    if (said.includes(normalise(unwanted))) failures.push(`step ${options.step}: the reply contains "${unwanted}", which it must not`);
  }
  return failures;
}

/** What the database holds for a run: its orders, their refunds and return requests, the conversation. */
interface EndState {
  orders: Record<string, OrderStatus>;
  refunds: Record<string, number[]>;
  returnRequests: Record<string, number[]>;
  conversations: Record<string, string>;
  pending: string[];
}

async function readEndState(world: EvalWorld, seeded: Map<string, SeededOrder>, profileIds: string[]): Promise<EndState> {
  const db = world.t.database.db;
  const keyOf = new Map([...seeded].map(([key, order]) => [order.id, key]));
  const ids = [...keyOf.keys()];
  const state: EndState = { orders: {}, refunds: {}, returnRequests: {}, conversations: {}, pending: [] };
  if (ids.length > 0) {
    for (const row of await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))) {
      state.orders[keyOf.get(row.id)!] = row.status;
    }
    for (const row of await db.select({ orderId: refunds.orderId, amount: refunds.amount }).from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt))) {
      (state.refunds[keyOf.get(row.orderId)!] ??= []).push(row.amount);
    }
    for (const row of await db
      .select({ orderId: returnRequests.orderId, amount: returnRequests.amount })
      .from(returnRequests)
      .where(inArray(returnRequests.orderId, ids))
      .orderBy(asc(returnRequests.createdAt))) {
      (state.returnRequests[keyOf.get(row.orderId)!] ??= []).push(row.amount);
    }
  }
  const conversations = await db
    .select({ profileId: chatConversations.customerProfileId, status: chatConversations.status })
    .from(chatConversations)
    .where(and(inArray(chatConversations.customerProfileId, profileIds), sql`${chatConversations.status} <> 'closed'`));
  for (const row of conversations) state.conversations[row.profileId] = row.status;
  const pending = await db
    .select({ orderId: chatPendingActions.orderId, action: chatPendingActions.action, amount: chatPendingActions.amount })
    .from(chatPendingActions)
    .where(and(inArray(chatPendingActions.customerProfileId, profileIds), eq(chatPendingActions.status, 'pending'), gt(chatPendingActions.expiresAt, new Date())));
  state.pending = pending.map((row) => `${row.action} ${keyOf.get(row.orderId) ?? row.orderId} ${row.amount}`).sort();
  return state;
}

function compareEnd(options: {
  end: ExpectedEnd;
  state: EndState;
  seeded: Map<string, SeededOrder>;
  customer: Person;
  other: Person | null;
}): string[] {
  const { end, state, seeded } = options;
  const failures: string[] = [];
  const cents = (key: string, amount: Amount) => (amount === 'paid' ? seeded.get(key)!.paid : amount);
  for (const [key, order] of seeded) {
    const want = end.orders?.[key] ?? order.status;
    if (state.orders[key] !== want) failures.push(`order ${key} is ${state.orders[key]}, expected ${want}`);
    const wantRefunds = (end.refunds?.[key] ?? []).map((amount) => cents(key, amount));
    const gotRefunds = state.refunds[key] ?? [];
    if (JSON.stringify(gotRefunds) !== JSON.stringify(wantRefunds)) failures.push(`order ${key} has refunds [${gotRefunds.join(', ')}], expected [${wantRefunds.join(', ')}]`);
    const wantReturns = (end.returnRequests?.[key] ?? []).map((amount) => cents(key, amount));
    const gotReturns = state.returnRequests[key] ?? [];
    if (JSON.stringify(gotReturns) !== JSON.stringify(wantReturns)) failures.push(`order ${key} has return requests [${gotReturns.join(', ')}], expected [${wantReturns.join(', ')}]`);
  }
  for (const key of Object.keys(end.orders ?? {})) if (!seeded.has(key)) failures.push(`the task expects order ${key}, which it does not seed`);
  const wantConversation = end.conversation ?? 'assistant';
  const gotConversation = state.conversations[options.customer.profileId] ?? 'none';
  if (gotConversation !== wantConversation) failures.push(`the conversation is ${gotConversation}, expected ${wantConversation}`);
  if (options.other && state.conversations[options.other.profileId]) failures.push('the other customer has a conversation');
  const wantPending = (end.pending ?? []).map((entry) => `${entry.action} ${entry.order} ${cents(entry.order, entry.amount)}`).sort();
  if (JSON.stringify(state.pending) !== JSON.stringify(wantPending)) {
    failures.push(`pending actions [${state.pending.join('; ')}], expected [${wantPending.join('; ')}]`);
  }
  return failures;
}

/** Runs one task once, on fresh customers, and judges it by the replies and the database's end state. */
export async function runTask(world: EvalWorld, task: ChatTask): Promise<RunResult> {
  const started = performance.now();
  const name = task.customerName ?? 'Riley';
  const seeds = task.orders ?? [];
  const customer = await signedInPerson(world.t, { role: 'customer', firstName: name, lastName: 'Evans' });
  const other = seeds.some((seed) => seed.owner === 'other') ? await signedInPerson(world.t, { role: 'customer', firstName: 'Morgan', lastName: 'Price' }) : null;
  const seeded = new Map<string, SeededOrder>();
  for (const [index, seed] of seeds.entries()) seeded.set(seed.key, await seedOrder(world, seed, index, { customer, other }));
  const fillText = (text: string) => fill(text, seeded, name);

  const transcript: Turn[] = [];
  const failures: string[] = [];
  let lastReply = '';
  for (const [index, step] of task.steps.entries()) {
    const number = index + 1;
    if (step.kind === 'expire-pending') {
      await world.t.database.db
        .update(chatPendingActions)
        .set({ expiresAt: new Date(Date.now() - 60_000), createdAt: sql`${chatPendingActions.createdAt} - interval '1 hour'` })
        .where(and(eq(chatPendingActions.customerProfileId, customer.profileId), eq(chatPendingActions.status, 'pending')));
      continue;
    }
    if (step.kind === 'action') {
      const order = seeded.get(step.order);
      if (!order) throw new Error(`Task ${task.id} acts on an order it does not seed: ${step.order}`);
      const answer = await sendAction(customer.client, transcript, { action: step.action, orderId: order.id });
      const answered = step.status === 'refused' ? answer.status >= 400 && answer.status < 500 : answer.status === step.status;
      if (!answered) failures.push(`step ${number}: the action form answered ${answer.status}, expected ${step.status}: ${JSON.stringify(answer.body)}`);
      failures.push(...checkFacts(answer.message, { expect: step.expect, reject: step.reject, fill: fillText, step: number }));
      continue;
    }
    const context: ReplyContext = {
      reply: lastReply,
      mentions: (key) => lastReply.toLowerCase().includes(seeded.get(key)!.number.toLowerCase()),
      number: (key) => seeded.get(key)!.number,
    };
    const content = fillText(typeof step.say === 'function' ? step.say(context) : step.say);
    const reply = await sendMessage(customer.client, transcript, content);
    if (reply.problem) {
      failures.push(`step ${number}: ${reply.problem}${reply.body ? ` ${JSON.stringify(reply.body)}` : ''}`);
    }
    transcript.push({ role: 'user', content }, { role: 'assistant', content: reply.text });
    lastReply = reply.text;
    if (reply.status === 200 && reply.text.trim() === '') failures.push(`step ${number}: the reply is empty`);
    failures.push(...checkFacts(reply.text, { expect: step.expect, reject: step.reject, fill: fillText, step: number }));
  }

  const profileIds = [customer.profileId, ...(other ? [other.profileId] : [])];
  const state = await readEndState(world, seeded, profileIds);
  failures.push(...compareEnd({ end: task.end, state, seeded, customer, other }));
  return { task: task.id, passed: failures.length === 0, failures, transcript, ms: performance.now() - started };
}

export interface TaskReport {
  task: ChatTask;
  runs: RunResult[];
  /** Passed all k runs in a row. */
  passedAll: boolean;
}

export interface SuiteReport {
  provider: string;
  k: number;
  tasks: TaskReport[];
  /** Passed runs of all runs. */
  passRate: number;
  /** Tasks that passed all k runs, of all tasks (τ-bench's pass^k). */
  passHatK: number;
  ms: number;
}

/** Runs every task k times in a row (each on fresh customers) and reports pass rate and pass^k. */
export async function runSuite(world: EvalWorld, options: { tasks: readonly ChatTask[]; k: number; onTask?: (report: TaskReport) => void }): Promise<SuiteReport> {
  const started = performance.now();
  const reports: TaskReport[] = [];
  for (const task of options.tasks) {
    const runs: RunResult[] = [];
    for (let attempt = 0; attempt < options.k; attempt += 1) runs.push(await runTask(world, task));
    const report = { task, runs, passedAll: runs.every((run) => run.passed) };
    reports.push(report);
    options.onTask?.(report);
  }
  const runs = reports.flatMap((report) => report.runs);
  return {
    provider: world.provider,
    k: options.k,
    tasks: reports,
    passRate: runs.length === 0 ? 1 : runs.filter((run) => run.passed).length / runs.length,
    passHatK: reports.length === 0 ? 1 : reports.filter((report) => report.passedAll).length / reports.length,
    ms: performance.now() - started,
  };
}

/** A report for people: each failed task with the failures and transcript of its first failing run, then the totals. */
export function formatReport(report: SuiteReport): string {
  const lines: string[] = [];
  for (const { task, runs } of report.tasks) {
    const failed = runs.find((run) => !run.passed);
    if (failed) {
      lines.push(`FAIL  ${task.id}: ${task.title} (${runs.filter((run) => run.passed).length}/${runs.length} runs passed)`);
      for (const failure of failed.failures) lines.push(`        ${failure}`);
      for (const turn of failed.transcript) lines.push(`        ${turn.role === 'user' ? 'customer' : 'assistant'}: ${turn.content.replaceAll('\n', ' ⏎ ')}`);
    }
  }
  const failedTasks = report.tasks.filter((entry) => !entry.passedAll).length;
  if (lines.length > 0) lines.push('');
  lines.push(
    `provider ${report.provider}: ${report.tasks.length} tasks × ${report.k} runs, pass rate ${(report.passRate * 100).toFixed(1)} %, pass^${report.k} ${(report.passHatK * 100).toFixed(1)} %` +
      ` (${failedTasks} task${failedTasks === 1 ? '' : 's'} failed), ${(report.ms / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
