import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, testPublicUrl, type TestApp } from '../test/test-app';
import { limitRequestBody } from './request-body';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request through `agent`, as a browser or a keep-alive HTTP client sends it. */
function send(agent: http.Agent, url: string, method: string, path: string, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(path, url);
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path: target.pathname,
        headers: {
          origin: testPublicUrl,
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, socket: request.socket! }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A JSON profile change of about `bytes` bytes. */
function largeProfileChange(bytes: number) {
  return Buffer.from(JSON.stringify({ firstName: 'x'.repeat(bytes) }));
}

describe('a refusal sent before a large body was read, on a keep-alive connection', () => {
  let t: TestApp;
  let server: { url: string; close(): Promise<void> };
  let agent: http.Agent;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
    server = await t.listen();
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  beforeEach(() => {
    // One socket at a time: a second request can only go where the first one went.
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => {
    agent.destroy();
  });

  it('answers a signed-out 400 KB profile change with 401 and serves the next request on the same connection', async () => {
    const refused = await send(agent, server.url, 'PATCH', '/api/profile', largeProfileChange(400 * 1024));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(refused.headers.connection).toBe('keep-alive');

    const next = await send(agent, server.url, 'GET', '/api/health');
    expect(next.status).toBe(200);
    expect(next.socket).toBe(refused.socket);
  });

  it('keeps the connection after several refused large bodies in a row', async () => {
    const first = await send(agent, server.url, 'PATCH', '/api/profile', largeProfileChange(900 * 1024));
    for (let round = 0; round < 3; round += 1) {
      const refused = await send(agent, server.url, 'PATCH', '/api/profile', largeProfileChange(900 * 1024));
      expect(refused.status).toBe(401);
      expect(refused.socket).toBe(first.socket);
    }
    const next = await send(agent, server.url, 'GET', '/api/live');
    expect(next.status).toBe(200);
    expect(next.socket).toBe(first.socket);
  });

  it('answers a body over the limit with 413 and Connection: close, and the next request goes out on a new connection', async () => {
    const refused = await send(agent, server.url, 'PATCH', '/api/profile', largeProfileChange(2 * 1024 * 1024));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(refused.headers.connection).toBe('close');

    const next = await send(agent, server.url, 'GET', '/api/live');
    expect(next.status).toBe(200);
    expect(next.socket).not.toBe(refused.socket);
  });
});

describe('the body limit on its own', () => {
  let server: ReturnType<typeof serve>;
  let url: string;

  beforeAll(async () => {
    const app = new Hono();
    app.onError((error, c) => (error instanceof HTTPException ? c.json({ status: error.status }, error.status) : c.json({ error: String(error) }, 500)));
    app.use('*', limitRequestBody(1024));
    app.post('/echo', async (c) => c.json(await c.req.json<unknown>()));
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A POST whose body is written in chunks of its own, without a declared length. */
  function chunked(path: string, chunks: string[]) {
    return new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const target = new URL(path, url);
      const request = http.request({ host: target.hostname, port: target.port, method: 'POST', path: target.pathname, headers: { 'content-type': 'application/json' } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      });
      request.on('error', reject);
      for (const chunk of chunks) request.write(chunk);
      request.end();
    });
  }

  it('reads a body of declared length straight from the connection, without making a web stream of it', async () => {
    const toWeb = vi.spyOn(Readable, 'toWeb');
    const response = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ quantity: 2 }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ quantity: 2 });
    expect(toWeb).not.toHaveBeenCalled();
  });

  it('refuses a declared length over the limit with 413 and Connection: close, before reading it', async () => {
    const response = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2000) }) });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('counts a body sent in chunks as it is read: within the limit it is served, over it refused with 413', async () => {
    expect(await chunked('/echo', ['{"quantity":', '3}'])).toMatchObject({ status: 200 });
    expect(await chunked('/echo', ['{"name":"', 'x'.repeat(800), 'x'.repeat(800), '"}'])).toMatchObject({ status: 413, connection: 'close' });
  });
});
