import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from '../test/expect-error';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-database';
import { loggedError } from './logger';

describe('loggedError', () => {
  it("keeps a database error's kind, code, message and names, not its values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "user_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.test) already exists.',
      table: 'user',
      constraint: 'user_email_unique',
    });
    const error = new Error('Failed query: insert into "user" ("email") values ($1)\nparams: ada@example.test', { cause });
    error.name = 'DrizzleQueryError';
    const logged = loggedError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "user" ("email") values ($1)',
      cause: { type: 'Error', code: '23505', table: 'user', constraint: 'user_email_unique', message: 'duplicate key value violates unique constraint "…"' },
    });
    expect(JSON.stringify(logged)).not.toContain('ada@example.test');
  });

  it('passes anything but an error through', () => {
    expect(loggedError('plain')).toBe('plain');
  });
});

describe.each(databaseKinds)('the server log after failed requests on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    // Stand-ins for any failure while the database writes a row the user typed.
    await t.database.db.execute(sql`
      create function refuse_address() returns trigger language plpgsql as $$
      begin
        if new.city = 'Refusedville' then raise exception 'refused street "%"', new.street_address; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create function refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Refused' then raise exception 'refused name "%"', new.last_name; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`create trigger refuse_address before insert on addresses for each row execute function refuse_address()`);
    await t.database.db.execute(sql`create trigger refuse_profile before insert on profiles for each row execute function refuse_profile()`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the server logged as errors while `run` ran. */
  async function capture(run: () => Promise<void>): Promise<string> {
    const consoleError = vi.mocked(console.error).mockImplementation(() => undefined);
    try {
      await run();
      return consoleError.mock.calls.map((call) => call.join(' ')).join('\n');
    } finally {
      consoleError.mockReset();
    }
  }

  it('names the failure of a saved address without the address', async () => {
    const browser = t.client();
    await signUp(browser, { firstName: 'Grace', lastName: 'Hopper' });
    const address = { label: 'Secret label', streetAddress: '1428 Elm Street', city: 'Refusedville', state: 'NJ', zipCode: '07302' };
    const log = await capture(async () => {
      await expectError(await browser.request('/api/addresses', { method: 'POST', json: address }), 500, 'INTERNAL');
    });
    expect(log).toContain('unhandled error');
    expect(log).toContain('DrizzleQueryError');
    expect(log).toContain('P0001');
    for (const value of ['1428 Elm Street', 'Secret label', 'Refusedville', '07302']) expect(log).not.toContain(value);
  });

  it('names the failure of a sign-up without its name, email or referral code', async () => {
    const email = uniqueEmail('private');
    const log = await capture(async () => {
      const { response } = await signUp(t.client(), { email, firstName: 'Refused', lastName: 'Lovelace', referralCode: 'MY-OWN-CODE' });
      await expectError(response, 500, 'INTERNAL');
    });
    expect(log).toContain('P0001');
    for (const value of [email, 'Lovelace', 'MY-OWN-CODE']) expect(log).not.toContain(value);
  });
});
