import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from '../../test/expect-error';
import { createTestApp, signIn, signUp, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { account, profiles, session, user } from './auth.tables';

/** A name the database is made to refuse below, standing for any failure while the profile is written. */
const refusedName = 'Refused';

describe.each(databaseKinds)('sign-up as one unit on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await t.database.db.execute(sql.raw(`
      create function refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.first_name = '${refusedName}' then raise exception 'profile refused for the test'; end if;
        return new;
      end $$
    `));
    await t.database.db.execute(sql`create trigger refuse_profile before insert on profiles for each row execute function refuse_profile()`);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function rowsFor(email: string) {
    const users = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const ids = users.map((row) => row.id);
    const count = async (table: typeof account | typeof session | typeof profiles) =>
      ids.length === 0 ? 0 : (await t.database.db.select().from(table).where(eq(table.userId, ids[0]!))).length;
    return { users: users.length, accounts: await count(account), sessions: await count(session), profiles: await count(profiles) };
  }

  it('leaves no user, account or session when the profile cannot be written, and the email stays free', async () => {
    const email = uniqueEmail('unit');
    // The failure is a server error and is logged as one: keep it off the console and look at it below.
    const consoleError = vi.mocked(console.error).mockImplementation(() => undefined);
    const browser = t.client();
    let failed: Response;
    try {
      failed = (await signUp(browser, { email, firstName: refusedName })).response;
    } finally {
      consoleError.mockReset();
    }
    await expectError(failed, 500, 'INTERNAL');
    expect(browser.cookies.size).toBe(0);
    expect(await rowsFor(email)).toEqual({ users: 0, accounts: 0, sessions: 0, profiles: 0 });
    await expectError(await signIn(t.client(), email), 401, 'INVALID_EMAIL_OR_PASSWORD');

    const again = t.client();
    expect((await signUp(again, { email, firstName: 'Accepted' })).response.status).toBe(200);
    expect(await rowsFor(email)).toEqual({ users: 1, accounts: 1, sessions: 1, profiles: 1 });
    expect(await (await again.request('/api/profile')).json()).toMatchObject({ email, firstName: 'Accepted', role: 'customer' });
  });
});
