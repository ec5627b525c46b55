import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string | undefined;
  to: string[];
  /** The raw message with quoted-printable soft line breaks and escapes undone. */
  source: string;
}

/** A local SMTP server that keeps every message it receives, for tests of real mail delivery. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiting: { match: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    // Plain text on loopback: nothing to protect, and no certificate to make.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          source: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        messages.push(mail);
        for (const waiter of waiting.filter((entry) => entry.match(mail))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to this address (with this subject, if given), waiting for it if it has not arrived yet. */
    waitForMail(to: string, options: { subject?: string; timeoutMs?: number } = {}): Promise<CapturedMail> {
      const { subject, timeoutMs = 5000 } = options;
      const match = (mail: CapturedMail) => mail.to.includes(to) && (subject === undefined || mail.source.split(/\r?\n/).includes(`Subject: ${subject}`));
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(source: string) {
  return source.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
