import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Checks the transport works, for diagnostics. */
  verify(): Promise<void>;
}

/** Without SMTP the message goes to the log, so flows that send mail still work offline. */
export function createLogMailer(logger: Logger): Mailer {
  return {
    name: 'log',
    async send(message) {
      logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
    },
    async verify() {},
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async verify() {
      await transport.verify();
    },
  };
}

export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from })
    : createLogMailer(options.logger);
}
