import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { readServerState } from './server-state.ts';
import { timeLimit } from './time-limits.ts';

/**
 * Real accounts for the tests, made the way a person makes one: sign up, open the verification link
 * from the mail (the e2e server has no SMTP, so mails are files in DATA_DIR/outbox), sign in.
 * Calls go through an APIRequestContext; a page's `page.request` shares the page's cookies.
 */
export type TestUser = { name: string; email: string; password: string };

export function newTestUser(label = 'user', name = 'Ada Tester'): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { name, email: `e2e-${label}-${id}@example.com`, password: `Pw-${id}`.slice(0, 20) };
}

/** better-auth checks the Origin of state-changing calls, as a browser would send it. */
/** The app's Origin, as its own pages send it with every change (the server refuses changes without it). */
export function originHeader(): Record<string, string> {
  return { origin: readServerState().baseUrl };
}

export async function signUp(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: originHeader(),
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      locale: 'en',
      callbackURL: '/sign-in?verified=1',
    },
  });
  expect(response.status(), `sign-up answered ${await response.text()}`).toBe(200);
}

/** Opens the verification link of the user's mail; afterwards the account can sign in. */
export async function verifyEmail(request: APIRequestContext, user: TestUser): Promise<void> {
  const link = await mailLink(user.email, /https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/);
  const response = await request.get(link, { maxRedirects: 0 });
  expect(response.status(), 'the verification link redirects to sign-in').toBe(302);
  expect(response.headers().location ?? '').toContain('verified=1');
}

export async function signIn(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: originHeader(),
    data: { email: user.email, password: user.password, rememberMe: true },
  });
  expect(response.status(), `sign-in answered ${await response.text()}`).toBe(200);
}

/** A verified account, signed in on `request` (its cookies now hold the session). */
export async function createSignedInUser(request: APIRequestContext, label?: string): Promise<TestUser> {
  const user = newTestUser(label);
  await signUp(request, user);
  await verifyEmail(request, user);
  await signIn(request, user);
  return user;
}

/** Waits for a mail to `to` in the server's outbox and returns the first URL matching `pattern`. */
export async function mailLink(to: string, pattern: RegExp, timeoutMs = timeLimit(10_000)): Promise<string> {
  const outbox = join(readServerState().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of readMails(outbox)) {
      if (!mail.to.includes(to.toLowerCase())) continue;
      const match = mail.body.match(pattern);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link matching ${pattern} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mails to `to` in the outbox, oldest first (file names start with the time of writing). */
export function mailsTo(to: string): { to: string; body: string }[] {
  return readMails(join(readServerState().dataDir, 'outbox')).filter((m) => m.to.includes(to.toLowerCase()));
}

/**
 * Waits until there are more than `after` mails to `to` and returns the first URL matching
 * `pattern` in the newest one.
 */
export async function newestMailLink(
  to: string,
  pattern: RegExp,
  after = 0,
  timeoutMs = timeLimit(10_000),
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(to);
    const match = mails.length > after ? mails[mails.length - 1]?.body.match(pattern) : null;
    if (match) return match[0].replace(/&amp;/g, '&');
    if (Date.now() > deadline) {
      throw new Error(`No new mail (after ${after}) to ${to} with a link matching ${pattern}; ${mails.length} in all`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/;
export const RESET_LINK = /https?:\/\/[^\s"'<>]+\/forgot-password\?token=[^\s"'<>]+/;

/**
 * The identity the mock Google/Apple (oauth-mock.ts) answers with next for the browser context
 * whose X-Forwarded-For is `client` (fixtures.ts: contextAddress).
 */
export async function setNextIdentity(client: string, claims: Record<string, unknown>): Promise<void> {
  const { controlUrl } = readServerState().identityProvider;
  const response = await fetch(`${controlUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client, claims }),
  });
  expect(response.status, `the identity provider answered ${await response.text()}`).toBe(204);
}

/**
 * Mails already read, by path: the mailer writes each one whole under its final name (a rename)
 * and never changes it, and the outbox grows to hundreds of mails in a run, which every poll for a
 * new one would otherwise read and decode again.
 */
const readBefore = new Map<string, { to: string; body: string }>();

function readMails(dir: string): { to: string; body: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const path = join(dir, name);
    let mail = readBefore.get(path);
    if (!mail) {
      const raw = readFileSync(path, 'utf8');
      mail = { to: (raw.match(/^To:\s*(.+)$/im)?.[1] ?? '').toLowerCase(), body: decodeMime(raw) };
      readBefore.set(path, mail);
    }
    return mail;
  });
}

/** The text of every MIME part, decoded from quoted-printable or base64 (enough to find links). */
function decodeMime(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const headers = part.slice(0, split);
      const body = part.slice(split).trim();
      const encoding = headers.match(/Content-Transfer-Encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
      if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
