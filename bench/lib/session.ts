/**
 * A signed-in user on our server, made the way a person makes one: sign up, open the verification
 * link from the mail (no SMTP: the mail is an .eml file in DATA_DIR/outbox), sign in, keep the cookies.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OurServer } from './server.ts';

export type Session = { email: string; cookie: string };

async function post(server: Pick<OurServer, 'url'>, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function createSession(server: Pick<OurServer, 'url' | 'dataDir'>, label = 'bench'): Promise<Session> {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const email = `${label}-${id}@example.com`;
  const password = `Pw-${id}`.slice(0, 20);
  const signUp = await post(server, '/api/auth/sign-up/email', {
    name: 'Bench User',
    email,
    password,
    locale: 'en',
    callbackURL: '/sign-in?verified=1',
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);

  const link = await verifyLink(server.dataDir, email);
  const verified = await fetch(new URL(new URL(link).pathname + new URL(link).search, server.url), {
    redirect: 'manual',
  });
  if (verified.status !== 302) throw new Error(`the verification link answered ${verified.status}`);

  const signIn = await post(server, '/api/auth/sign-in/email', { email, password, rememberMe: true });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.includes('=') && !c.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return { email, cookie };
}

async function verifyLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
    } catch {}
    for (const name of names) {
      const raw = readFileSync(join(outbox, name), 'utf8');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const link = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Makes the user Pro the way a person does with no Stripe keys: a checkout through the payment
 * sandbox (POST /api/billing/checkout, "Pay" on the sandbox page, the return confirmation).
 */
export async function becomePro(server: OurServer, session: Session): Promise<void> {
  const checkout = await post(server, '/api/billing/checkout', { period: 'monthly' }, session.cookie);
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}`);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/').pop() ?? '';
  const paid = await post(server, `/api/billing/sandbox/checkout/${sessionId}/complete`, {}, session.cookie);
  if (paid.status !== 200) throw new Error(`the sandbox payment answered ${paid.status}: ${await paid.text()}`);
  const confirmed = await post(server, '/api/billing/checkout/confirm', { sessionId }, session.cookie);
  if (confirmed.status !== 200)
    throw new Error(`the confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  const { subscription } = (await confirmed.json()) as { subscription: { entitled?: boolean } | null };
  if (!subscription?.entitled) throw new Error('the sandbox checkout did not make the user Pro');
}
