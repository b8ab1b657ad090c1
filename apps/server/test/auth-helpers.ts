import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { sessionCacheOf } from '../src/features/auth/session-cache.ts';
import type { Mailer, MailMessage } from '../src/lib/mail/mailer.ts';

/** The PUBLIC_URL of test apps (loadEnv's default for PORT 3000). */
export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'correct-horse-1';

/** A mailer that keeps messages in memory; `failing` makes send() reject. */
export type CaptureMailer = Mailer & {
  messages: MailMessage[];
  failing: boolean;
  /** Waits for a message to `to` (of `kind`, when given) that was not returned before. */
  next(to: string, kind?: MailMessage['kind'], timeoutMs?: number): Promise<MailMessage>;
  /** Messages to one address. */
  to(address: string): MailMessage[];
};

export function captureMailer(): CaptureMailer {
  const taken = new Set<MailMessage>();
  const mailer: CaptureMailer = {
    kind: 'outbox',
    messages: [],
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('SMTP is down');
      mailer.messages.push(message);
    },
    close() {},
    to: (address) => mailer.messages.filter((m) => m.to === address.toLowerCase()),
    async next(to, kind, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailer.messages.find(
          (m) => m.to === to.toLowerCase() && (!kind || m.kind === kind) && !taken.has(m),
        );
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${kind ?? ''} mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  return mailer;
}

/** A unique address per call, so tests sharing a database do not collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A unique client address (sent as X-Forwarded-For; test apps run with TRUST_PROXY=true). */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Cookies the way a browser keeps them for one origin (name → value). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  update(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  copy(): CookieJar {
    const jar = new CookieJar();
    for (const [k, v] of this.cookies) jar.cookies.set(k, v);
    return jar;
  }
}

export type RequestOptions = {
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  origin?: string | null;
};

/** A browser-like client: one cookie jar, one client address, Origin on every request. */
export type TestClient = {
  jar: CookieJar;
  ip: string;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  get(path: string, options?: RequestOptions): Promise<Response>;
  post(path: string, json?: unknown, options?: RequestOptions): Promise<Response>;
  patch(path: string, json?: unknown, options?: RequestOptions): Promise<Response>;
  delete(path: string, json?: unknown, options?: RequestOptions): Promise<Response>;
};

export function client(app: App, options: { ip?: string; jar?: CookieJar } = {}): TestClient {
  const jar = options.jar ?? new CookieJar();
  const ip = options.ip ?? uniqueIp();
  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...opts.headers };
    if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
    const res = await app.request(url, { method, headers, body });
    jar.update(res);
    return res;
  };
  return {
    jar,
    ip,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, json, opts) => request('POST', path, { ...opts, json }),
    patch: (path, json, opts) => request('PATCH', path, { ...opts, json }),
    delete: (path, json, opts) => request('DELETE', path, { ...opts, json }),
  };
}

export type ErrorJson = {
  error: { code: string; message: string; details?: { fields?: { path: string; message: string }[] } };
};

export async function expectError(res: Response, status: number, code: string): Promise<ErrorJson> {
  const body = (await res.json()) as ErrorJson;
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  return body;
}

/** Path and query of a link in a mail (app.request takes them). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs up; returns the verification mail. */
export async function signUp(
  c: TestClient,
  mailer: CaptureMailer,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<MailMessage> {
  const res = await c.post('/api/auth/sign-up/email', { name: 'Ada Lovelace', email, password: PASSWORD, ...extra });
  expect(res.status, await res.clone().text()).toBe(200);
  return mailer.next(email, 'verify-email');
}

/** Sign-up, verification by the mailed link and sign-in: a client holding a session. */
export async function signedInUser(app: App, mailer: CaptureMailer, email = uniqueEmail()): Promise<TestClient> {
  const c = client(app);
  const mail = await signUp(c, mailer, email);
  const verified = await c.get(pathOf(mail.link));
  expect(verified.status).toBe(302);
  expect(verified.headers.get('location')).toBe('/sign-in?verified=1');
  const res = await c.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(res.status, await res.clone().text()).toBe(200);
  return c;
}

/** The env test apps of the accounts suites use: client addresses from X-Forwarded-For, roomy limits. */
export const AUTH_TEST_ENV = { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '1000' };

/**
 * After a test changes sessions or users straight in the database (as an operator might): waits
 * until the apps on that database have heard the change (their session caches forget what it
 * touches). On PostgreSQL that notification comes on another connection, a moment later.
 */
export function changesHeard(database: Database): Promise<void> {
  return sessionCacheOf(database).caughtUp();
}
