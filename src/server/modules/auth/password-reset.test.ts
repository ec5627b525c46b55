import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, signIn, signUp, testPassword, testPublicUrl, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

function resetLinkIn(source: string) {
  const match = source.match(/https?:\/\/\S+\/auth\/reset-password\?token=[^\s"<>]+/);
  if (!match) throw new Error(`no reset link in:\n${source}`);
  return new URL(match[0]);
}

describe.each(databaseKinds)('password reset on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ kind, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  function requestReset(email: unknown) {
    return t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
  }

  it('mails a link to our reset page; the new password works, the old one and every session end', async () => {
    const email = uniqueEmail('reset');
    const browser = t.client();
    await signUp(browser, { email });
    expect((await browser.request('/api/profile')).status).toBe(200);

    expect((await requestReset(email)).status).toBe(200);
    const mail = await smtp.waitForMail(email, { subject: 'Reset your FreshCart password' });
    const link = resetLinkIn(mail.source);
    expect(link.origin).toBe(testPublicUrl);
    const token = link.searchParams.get('token')!;

    const reset = await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a-brand-new-secret' } });
    expect(reset.status).toBe(200);

    // The session that existed before the reset is gone; the old password no longer opens the account.
    expect((await browser.request('/api/profile')).status).toBe(401);
    expect((await signIn(t.client(), email, testPassword)).status).toBe(401);
    expect((await signIn(t.client(), email, 'a-brand-new-secret')).status).toBe(200);

    // A link works once.
    const again = await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'yet-another-secret' } });
    expect(again.status).toBe(400);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const response = await requestReset(unknown);
    expect(response.status).toBe(200);
    await expect(smtp.waitForMail(unknown, { timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it('refuses a malformed email or a short new password at the field', async () => {
    const badEmail = await expectError(await requestReset('not-an-email'), 400, 'VALIDATION_FAILED');
    expect(badEmail.fields).toEqual({ email: 'Enter a valid email address' });

    const response = await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token: 'x', newPassword: 'short' } });
    const shortPassword = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(shortPassword.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
  });

  it('refuses a made-up token', async () => {
    const response = await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token: 'made-up-token', newPassword: 'a-brand-new-secret' } });
    await expectError(response, 400, 'INVALID_TOKEN');
  });
});
