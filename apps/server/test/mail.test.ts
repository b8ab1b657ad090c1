import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailKind, renderMail } from '../src/lib/mail/templates.ts';
import { AUTH_TEST_ENV, client, expectError, PASSWORD, pathOf, uniqueEmail } from './auth-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';
import { runTempDir } from './temp-dirs.ts';

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let smtpPort = 0;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => {
    const server = smtp.listen(0, '127.0.0.1', () => {
      smtpPort = (server.address() as AddressInfo).port;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function receivedBy(address: string, timeoutMs = 5000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((m) => m.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no SMTP message to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Decodes quoted-printable text (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Logs as JSON lines into an array. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describeEachDatabase('mail over SMTP and the outbox', { exercises: [] }, (ctx) => {
  it('SMTP_URL: the verification mail reaches an SMTP server with text and HTML parts; its link verifies', async () => {
    const app = createTestApp(ctx.database, {
      env: {
        ...AUTH_TEST_ENV,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Polymath <no-reply@polymath.test>',
      },
    });
    const email = uniqueEmail('smtp');
    const c = client(app);
    expect((await c.post('/api/auth/sign-up/email', { name: 'Smtp User', email, password: PASSWORD })).status).toBe(
      200,
    );
    const mail = await receivedBy(email);
    expect(mail.from).toBe('no-reply@polymath.test');
    expect(mail.raw).toMatch(/^From: Polymath <no-reply@polymath\.test>\r?$/m);
    expect(mail.raw).toMatch(/^Subject: Verify your email address for Polymath\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(mail.raw).not.toContain(PASSWORD);
    const text = decodeQuotedPrintable(mail.raw);
    const link = text.match(
      /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+&callbackURL=%2Fsign-in%3Fverified%3D1/,
    )?.[0];
    expect(link).toBeDefined();
    expect((await c.get(pathOf(link ?? ''))).status).toBe(302);
    expect((await c.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    // With the SMTP server unreachable, the account settings mails report the failure.
    const down = createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV, SMTP_URL: 'smtp://127.0.0.1:1' } });
    const res = await client(down, { jar: c.jar }).post('/api/me/change-password-email');
    await expectError(res, 502, 'CHANGE_PASSWORD_EMAIL_FAILED');
  });

  it('no SMTP_URL: each mail is an .eml file in DATA_DIR/outbox and its link is logged; no password is logged', async () => {
    const dataDir = runTempDir('polymath-outbox-');
    const { lines, logger } = memoryLogger();
    const app = createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV, DATA_DIR: dataDir }, logger });
    const email = uniqueEmail('outbox');
    const c = client(app);
    expect((await c.post('/api/auth/sign-up/email', { name: 'Out Box', email, password: PASSWORD })).status).toBe(200);

    const outbox = join(dataDir, 'outbox');
    const deadline = Date.now() + 5000;
    let files: string[] = [];
    // The file is written, then the line is logged: wait for both (a loaded machine can be slow).
    const logLine = () => lines.find((l) => l.mail === 'verify-email');
    while ((files.length === 0 || !logLine()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {}
    }
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{12}\.eml$/);
    const eml = readFileSync(join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: .*outbox-/m);
    expect(eml).toMatch(/^Subject: Verify your email address for Polymath$/m);

    const logged = logLine();
    expect(logged?.level).toBe(30); // info
    expect(logged?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(decodeQuotedPrintable(eml)).toContain(String(logged?.link));
    expect((await c.get(pathOf(String(logged?.link)))).status).toBe(302);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  });
});

describe('mail templates', () => {
  const kinds: MailKind[] = ['verify-email', 'reset-password', 'change-password', 'sign-up-attempt', 'whatsapp-moved'];
  it.each(kinds.flatMap((k) => (['en', 'tr'] as const).map((l) => [k, l] as const)))(
    '%s in %s has a subject, a text part and an HTML part with the link',
    (kind, locale) => {
      const link = 'https://polymath.example/x?token=a&b=c';
      const mail = renderMail(kind, locale, {
        link,
        name: 'Ada',
        resetLink: 'https://polymath.example/forgot-password',
        phone: '+905321234567',
      });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Ada');
      expect(mail.html).toContain('https://polymath.example/x?token=a&amp;b=c');
      expect(mail.html).toContain(`<html lang="${locale}">`);
      if (kind === 'sign-up-attempt') expect(mail.text).toContain('https://polymath.example/forgot-password');
      if (kind === 'whatsapp-moved') expect(mail.html).toContain('<p>+905321234567 ');
    },
  );

  it('Turkish and English differ, and names are escaped in HTML', () => {
    const en = renderMail('reset-password', 'en', { link: 'https://x', name: '<script>alert(1)</script>' });
    const tr = renderMail('reset-password', 'tr', { link: 'https://x', name: 'Ayşe' });
    expect(en.subject).not.toBe(tr.subject);
    expect(tr.text).toContain('Merhaba Ayşe,');
    expect(en.html).not.toContain('<script>');
    expect(en.html).toContain('&lt;script&gt;');
  });
});
