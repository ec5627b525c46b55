import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { accessLog, createSampler } from './access-log';
import type { AppEnv } from './context';

interface Line {
  level: number;
  msg: string;
  path?: string;
  status?: number;
}

/** A logger at info whose lines the test reads back. */
function capturingLogger() {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

const accessLines = (lines: Line[]) => lines.filter((line) => line.msg === 'request' || line.msg === 'slow request');

/** A small app behind the access log: a fast success, a refusal, a handler's own warning, a slow answer. */
function appWith(options: { sampleRate: number; slowMs?: number }) {
  const { logger, lines } = capturingLogger();
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(accessLog({ logger, sampleRate: options.sampleRate, slowMs: options.slowMs ?? 60_000 }));
  app.get('/api/ok', (c) => c.json({ ok: true }));
  app.get('/api/refused', (c) => c.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, 403));
  app.get('/api/warns', (c) => {
    c.var.logger.warn('stock ran out while reserving');
    return c.json({ ok: true });
  });
  app.get('/api/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return c.json({ ok: true });
  });
  return { app, lines };
}

async function get(app: Hono<AppEnv>, path: string, times = 1) {
  for (let index = 0; index < times; index += 1) await app.request(path);
}

describe('createSampler', () => {
  it.each([
    [0, 0],
    [0.01, 10],
    [0.25, 250],
    [1 / 3, 333],
    [1, 1000],
  ])('keeps a rate of %s as exactly that share of the calls', (rate, kept) => {
    const sample = createSampler(rate);
    expect(Array.from({ length: 1000 }, sample).filter(Boolean)).toHaveLength(kept);
  });
});

describe('the access log', () => {
  it('writes every request at a rate of 1', async () => {
    const { app, lines } = appWith({ sampleRate: 1 });
    await get(app, '/api/ok', 20);
    expect(accessLines(lines).filter((line) => line.path === '/api/ok')).toHaveLength(20);
  });

  it('when off, writes none of the successful requests but every refusal and warning', async () => {
    const { app, lines } = appWith({ sampleRate: 0 });
    await get(app, '/api/ok', 50);
    await get(app, '/api/refused', 3);
    await get(app, '/api/warns', 2);
    expect(accessLines(lines).filter((line) => line.path === '/api/ok')).toEqual([]);
    expect(accessLines(lines).filter((line) => line.path === '/api/refused').map((line) => line.status)).toEqual([403, 403, 403]);
    expect(lines.filter((line) => line.msg === 'stock ran out while reserving')).toHaveLength(2);
  });

  it('when sampled, writes that share of the successful requests and all refusals and warnings', async () => {
    const { app, lines } = appWith({ sampleRate: 0.1 });
    await get(app, '/api/ok', 100);
    await get(app, '/api/refused', 7);
    await get(app, '/api/warns', 5);
    expect(accessLines(lines).filter((line) => line.path === '/api/ok')).toHaveLength(10);
    expect(accessLines(lines).filter((line) => line.path === '/api/refused')).toHaveLength(7);
    expect(lines.filter((line) => line.msg === 'stock ran out while reserving')).toHaveLength(5);
  });

  it('writes a slow request as a warning even when off', async () => {
    const { app, lines } = appWith({ sampleRate: 0, slowMs: 20 });
    await get(app, '/api/slow');
    expect(accessLines(lines)).toEqual([expect.objectContaining({ msg: 'slow request', path: '/api/slow', level: pino.levels.values.warn })]);
  });
});

describe('the server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('leaves health and liveness probes out of the access log, and logs the rest', async () => {
    const { logger, lines } = capturingLogger();
    t = await createTestApp({ kind: 'pglite', logger });
    for (const path of ['/api/live', '/api/health', '/api/live', '/api/health']) expect((await t.request(path)).status).toBe(200);
    expect((await t.request('/api/warehouses')).status).toBe(200);
    expect((await t.request('/api/no-such-thing')).status).toBe(404);
    expect(accessLines(lines).map((line) => `${line.path} ${line.status}`)).toEqual(['/api/warehouses 200', '/api/no-such-thing 404']);
  });

  it('takes the sampling from ACCESS_LOG_SAMPLE_RATE', async () => {
    const { logger, lines } = capturingLogger();
    t = await createTestApp({ kind: 'pglite', logger, env: { ACCESS_LOG_SAMPLE_RATE: '0' } });
    for (let index = 0; index < 5; index += 1) expect((await t.request('/api/warehouses')).status).toBe(200);
    expect((await t.request('/api/no-such-thing')).status).toBe(404);
    expect(accessLines(lines).map((line) => `${line.path} ${line.status}`)).toEqual(['/api/no-such-thing 404']);
  });
});
