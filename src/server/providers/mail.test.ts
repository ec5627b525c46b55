import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../test/smtp-capture';
import { createMailer } from './mail';

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('createMailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('writes mail to the log when no SMTP server is configured', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'FreshCart <no-reply@freshcart.local>', logger });
    expect(mailer.name).toBe('log');
    await mailer.verify();
    await mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body with https://link.example/x' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'mail to someone@example.test: Hello',
      mail: { to: 'someone@example.test', subject: 'Hello', text: 'Body with https://link.example/x' },
    });
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends through SMTP when SMTP_URL is set, from MAIL_FROM', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.test>', logger });
    expect(mailer.name).toBe('smtp');
    await mailer.verify();
    await mailer.send({ to: 'buyer@example.test', subject: 'Your order', text: 'Thanks!' });
    const mail = await smtp.waitForMail('buyer@example.test');
    expect(mail.from).toBe('shop@example.test');
    expect(mail.source).toMatch(/^Subject: Your order$/m);
    expect(mail.source).toContain('Thanks!');
    expect(lines).toHaveLength(0);
  });

  it('reports an unreachable SMTP server when asked to verify it', async () => {
    const { logger } = captureLogger();
    // Port 1 on loopback: nothing listens there.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.test', logger });
    await expect(mailer.verify()).rejects.toThrow();
  });
});
