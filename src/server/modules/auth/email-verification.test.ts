import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { expectError } from '../../test/expect-error';
import { startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, sessionCookieName, signIn, signUp, testPublicUrl, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { user } from './auth.tables';

function verificationLinkIn(source: string) {
  const match = source.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s"<>]+/);
  if (!match) throw new Error(`no verification link in:\n${source}`);
  return new URL(match[0]);
}

describe.each(databaseKinds)('email verification on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ kind, env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function isVerified(email: string) {
    const [row] = await t.database.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email));
    return row?.verified;
  }

  it('mails a verification link to the new address through SMTP', async () => {
    const email = uniqueEmail('verify');
    const { response } = await signUp(t.client(), { email });
    expect(response.status).toBe(200);

    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe('no-reply@freshcart.local');
    expect(mail.source).toMatch(/^Subject: Verify your FreshCart email$/m);
    const link = verificationLinkIn(mail.source);
    expect(link.origin).toBe(testPublicUrl);
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it('refuses sign-in until the link is opened, then lets the user in', async () => {
    const email = uniqueEmail('verify');
    const newcomer = t.client();
    const { response } = await signUp(newcomer, { email });
    expect(response.status).toBe(200);
    // Until the address is proven, sign-up itself must not sign anyone in.
    expect(newcomer.cookies.has(sessionCookieName(t.env))).toBe(false);

    const early = t.client();
    const refused = await expectError(await signIn(early, email), 403, 'EMAIL_NOT_VERIFIED');
    expect(refused.message).toBe('Please verify your email address before signing in.');
    expect(early.cookies.size).toBe(0);

    const link = verificationLinkIn((await smtp.waitForMail(email)).source);
    const mailbox = t.client();
    const opened = await mailbox.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(await isVerified(email)).toBe(true);
    // Opening the link signs that browser in.
    expect((await mailbox.request('/api/profile')).status).toBe(200);

    const later = t.client();
    expect((await signIn(later, email)).status).toBe(200);
    expect(((await (await later.request('/api/profile')).json()) as Profile).email).toBe(email);
  });

  it('does not verify anything with a forged token', async () => {
    const email = uniqueEmail('verify');
    await signUp(t.client(), { email });
    const browser = t.client();
    const response = await browser.request('/api/auth/verify-email?token=forged.token.value');
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(500);
    expect(browser.cookies.has(sessionCookieName(t.env))).toBe(false);
    expect(await isVerified(email)).toBe(false);
  });
});
