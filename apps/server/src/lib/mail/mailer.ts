import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '@polymath/shared';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import type { MailKind } from './templates.ts';

/** One rendered message. `link` is its action link: logged (outbox mode only) so zero-config sign-up works. */
export type MailMessage = {
  kind: MailKind;
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  link: string;
};

export type Mailer = {
  /** Resolves once the message is accepted (SMTP) or written (outbox); rejects when it could not be. */
  send(message: MailMessage): Promise<void>;
  /** 'smtp' with SMTP_URL, otherwise 'outbox' (DATA_DIR/outbox/*.eml). */
  readonly kind: 'smtp' | 'outbox';
  close(): void;
};

export type MailerOptions = {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
};

/**
 * nodemailer over SMTP_URL; with none configured, each message is written as an .eml file to
 * DATA_DIR/outbox/ and its link is logged at info level, so sign-up works on a fresh machine.
 * Nothing else of a message (and never a password) is logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      options.logger.info({ mail: message.kind, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const dir = join(options.dataDir, 'outbox');
  // Builds the RFC 822 message without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, join(dir, name));
      options.logger.info(
        { mail: message.kind, to: message.to, link: message.link, file: join(dir, name) },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
    close: () => composer.close(),
  };
}
