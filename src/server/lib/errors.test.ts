import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AbandonedWorkError } from '../db/request-work';
import { handleError, isDatabaseUnavailable } from './errors';

/** An error as drizzle throws it: its own, with the driver's underneath. */
function wrapped(cause: unknown) {
  return Object.assign(new Error('Failed query: select 1'), { cause });
}

describe('a database that cannot be reached', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a server still starting (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection failure (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is recognised from %s, wrapped or not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('is not confused with %s', (_, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('is answered 503 in the error shape with Retry-After, and a bug still 500', async () => {
    const app = new Hono();
    app.get('/gone', () => {
      throw wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    });
    app.get('/bug', () => {
      throw new TypeError('undefined is not a function');
    });
    app.onError(handleError);

    const gone = await app.request('/gone');
    expect(gone.status).toBe(503);
    expect(gone.headers.get('retry-after')).toBe('5');
    expect(await gone.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable right now. Please try again.' } });
    const bug = await app.request('/bug');
    expect(bug.status).toBe(500);
    expect(await bug.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
});

describe('work skipped because its client went away', () => {
  it('is answered in the error shape without being logged as an error', async () => {
    const logged: string[] = [];
    const logger = { info: () => logged.push('info'), warn: () => logged.push('warn'), error: () => logged.push('error') };
    const app = new Hono<{ Variables: { logger: typeof logger } }>();
    app.use((c, next) => {
      c.set('logger', logger);
      return next();
    });
    app.get('/left', () => {
      throw wrapped(new AbandonedWorkError());
    });
    app.onError(handleError);

    const left = await app.request('/left');
    expect(left.status).toBe(503);
    expect(await left.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable right now. Please try again.' } });
    expect(logged).toEqual(['info']);
  });
});
