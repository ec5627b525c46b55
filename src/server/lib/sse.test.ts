import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { readEventStream } from '../test/event-stream-reader';
import { compressJson } from './compress-json';
import { eventStream, type EventSink } from './sse';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server whose one endpoint streams with `run`, behind the API's compression, on a real socket. */
async function serveStream(run: (sink: EventSink) => Promise<void>, options: { heartbeatMs?: number } = {}) {
  const app = new Hono();
  app.use('*', compressJson({ threshold: 1 }));
  app.get('/stream', (c) => eventStream(c, run, options));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
}

describe('event streams', () => {
  it('write id, event and data, ask for a retry delay, and reach the client uncompressed and uncached as each is sent', async () => {
    let release!: () => void;
    const url = await serveStream(async (sink) => {
      await sink.send({ event: 'snapshot', data: { big: 'x'.repeat(5000) }, id: '41' });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await sink.send({ event: 'position', data: { latitude: 1, longitude: 2 } });
    });
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = readEventStream(response);
    // The first event arrives while the stream is still open: nothing holds it back.
    const first = await reader.next();
    expect(first).toEqual({ event: 'snapshot', id: '41', data: JSON.stringify({ big: 'x'.repeat(5000) }) });
    expect(reader.retry.value).toBe(3000);
    release();
    expect(await reader.next()).toEqual({ event: 'position', data: '{"latitude":1,"longitude":2}' });
    await reader.ended;
  });

  it('send a heartbeat comment while idle', async () => {
    const url = await serveStream((sink) => new Promise((resolve) => sink.signal.addEventListener('abort', () => resolve())), { heartbeatMs: 50 });
    const reader = readEventStream(await fetch(url));
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect(reader.comments.filter((comment) => comment === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    await reader.close();
  });

  it('tell the writer when the client goes away, so it can let go of what it holds', async () => {
    let aborted!: () => void;
    const gone = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const url = await serveStream(async (sink) => {
      await sink.send({ event: 'snapshot', data: {} });
      await new Promise<void>((resolve) => sink.signal.addEventListener('abort', () => resolve()));
      aborted();
    });
    const reader = readEventStream(await fetch(url));
    await reader.next();
    await reader.close();
    await gone;
  });
});
