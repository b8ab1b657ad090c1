import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GraphFake, type ProviderFakes, startGraphFake } from '@polymath/provider-fakes';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { type Cluster, findNginx, startCluster } from '../src/cluster/cluster.ts';
import {
  AUTH_TEST_ENV,
  CookieJar,
  client,
  ORIGIN,
  PASSWORD,
  type TestClient,
  uniqueEmail,
  uniqueIp,
} from './auth-helpers.ts';
import { newId, parseSse, providerEnv, sendBody, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { createScratchPostgres, TEST_DATABASE_URL } from './databases.ts';
import { CHILD_NODE_ENV, freePort } from './ports.ts';
import { expectPending, postWebhook, sendCode, uniqueMobile, waId } from './whatsapp-helpers.ts';

/**
 * The multi-instance suite (issue 31): three server processes on one PostgreSQL and one Redis, the
 * S3 stand-in for files, behind Debian's nginx, started once with deploy/cluster.ts (the code behind
 * `npm run cluster`). Each case talks to the instances directly (to choose which one a request
 * reaches) or through the load balancer, as a browser would.
 */

const REDIS_URL = process.env.REDIS_URL;
const NGINX = findNginx();
const missing = [
  !TEST_DATABASE_URL && 'PostgreSQL (TEST_DATABASE_URL)',
  !REDIS_URL && 'Redis (REDIS_URL)',
  !NGINX && 'nginx (deploy/install-nginx.sh)',
].filter(Boolean);
if (missing.length > 0) {
  console.warn(`[multi-instance] skipped: needs ${missing.join(', ')}; .ci/run provides all three`);
}

/** An App-shaped adapter: the test clients' requests go over HTTP to `base` instead of in process. */
function over(base: string): App {
  return {
    request: (input: string, init?: RequestInit) =>
      fetch(String(input).replace(ORIGIN, base), { ...init, redirect: 'manual' }),
  } as unknown as App;
}

describe.skipIf(missing.length > 0)('three instances behind nginx', () => {
  let cluster: Cluster;
  let fakes: ProviderFakes;
  let graph: GraphFake;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let sql: pg.Pool;
  let dataDir: string;

  /** A client of instance i (or of the load balancer, `lb`), sharing one cookie jar and address. */
  const via = (target: number | 'lb', jar: CookieJar, ip: string): TestClient =>
    client(over(target === 'lb' ? cluster.url : (cluster.instances[target]?.url ?? '')), { jar, ip });

  /** A verified, signed-in account through instance `at`; its jar and address. */
  async function account(at: number | 'lb' = 0, plan: 'free' | 'pro' = 'free') {
    const jar = new CookieJar();
    const ip = uniqueIp();
    const email = uniqueEmail('multi');
    const c = via(at, jar, ip);
    const up = await c.post('/api/auth/sign-up/email', { name: 'Ada Lovelace', email, password: PASSWORD });
    expect(up.status, await up.clone().text()).toBe(200);
    // The verification link's effect (its mail went to the instances' outbox).
    await sql.query(`update users set email_verified = true, access_level = $2 where email = $1`, [email, plan]);
    const res = await c.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.status, await res.clone().text()).toBe(200);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    return { jar, ip, email, id: me.id };
  }

  beforeAll(async () => {
    fakes = await startProviderFakes();
    graph = await startGraphFake({
      webhook: async (rawBody, signature) => {
        await postWebhook(over(cluster.url), { rawBody, signature });
      },
    });
    scratch = await createScratchPostgres();
    sql = new pg.Pool({ connectionString: scratch.url, max: 2 });
    dataDir = mkdtempSync(join(tmpdir(), 'polymath-multi-'));
    const port = await freePort();
    const instancePorts = [await freePort(), await freePort(), await freePort()];
    cluster = await startCluster({
      instances: 3,
      port,
      instancePorts,
      runDir: join(dataDir, 'cluster'),
      env: {
        ...process.env,
        ...CHILD_NODE_ENV,
        ...AUTH_TEST_ENV,
        ...providerEnv(fakes),
        ...graph.env('multi-verify-token'),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        DATABASE_URL: scratch.url,
        REDIS_URL,
        SESSION_SECRET: 'multi-instance-secret-0123456789abcdefghij',
        CHAT_RATE_LIMIT_MAX: '10000',
        FREE_DAILY_MESSAGES: '1000',
        PRO_DAILY_IMAGES: '1000',
        SHUTDOWN_GRACE_MS: '8000',
        // The killed instance's image jobs run again within 12 s (production: 35 s at most).
        JOB_HEARTBEAT_SECONDS: '10',
        JOB_SUPERVISE_SECONDS: '2',
        // Without a price check, no Stripe key needed.
        STRIPE_SECRET_KEY: '',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await sql?.end();
    await scratch?.drop();
    await graph?.close();
    await fakes?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a sign-out through one instance is refused by the others on the next request', async () => {
    const { jar, ip } = await account(0);
    for (const i of [1, 2]) expect((await via(i, jar, ip).get('/api/me')).status).toBe(200);
    const session = jar.copy();
    expect((await via(0, jar, ip).post('/api/auth/sign-out', {})).status).toBe(200);
    for (const i of [0, 1, 2]) {
      const res = await via(i, session.copy(), ip).get('/api/me');
      expect(res.status, `instance ${i}`).toBe(401);
    }
  });

  it('a file uploaded through one instance is served by the others (S3)', async () => {
    const { jar, ip } = await account(0);
    const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }));
    const res = await via(0, jar, ip).request('POST', '/api/chat/attachments', { body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const served: Buffer[] = [];
    for (const i of [1, 2]) {
      const file = await via(i, jar, ip).get(url);
      expect([200, 302, 307]).toContain(file.status);
      const body = file.status === 200 ? file : await fetch(file.headers.get('location') ?? '');
      expect(body.status).toBe(200);
      const bytes = Buffer.from(await body.arrayBuffer());
      expect((await sharp(bytes).metadata()).width).toBe(12);
      served.push(bytes);
    }
    expect(served[0]?.equals(served[1] ?? Buffer.alloc(0))).toBe(true);
    // Someone else gets nothing from any instance.
    const other = await account(2);
    expect((await via(1, other.jar, other.ip).get(url)).status).toBe(404);
  });

  it('a reader that reconnects to another instance mid-answer gets the rest, whole and in order', async () => {
    const { jar, ip } = await account(0);
    const threadId = newId('t');
    const full = `Hello from gpt-4o-mini (openai stand-in). ${Array.from({ length: 40 }, (_, i) => `w${i + 1}`).join(' ')}`;
    const res = await via(0, jar, ip).post('/api/chat', sendBody(threadId, 'Slowly [[fake tokens=40 pace=50]]'));
    expect(res.status).toBe(200);
    // Read a few chunks from instance 0, then drop the connection (the page reloads).
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"delta":" w3"')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += Buffer.from(value).toString();
    }
    await reader.cancel();
    const before = textOf(parseSse(seen));
    expect(before.length).toBeGreaterThan(0);
    expect(full.startsWith(before)).toBe(true);
    expect(before.length).toBeLessThan(full.length);
    // Instance 1 resumes it from its start while instance 0 is still generating.
    const resumed = await via(1, jar, ip).get(`/api/chat/${threadId}/stream`);
    expect(resumed.status).toBe(200);
    const chunks = parseSse(await resumed.text());
    expect(textOf(chunks)).toBe(full);
    expect(chunks.at(-1)?.type).toBe('finish');
    const stored = await until(async () => {
      const { rows } = await sql.query(
        `select text, status from messages where thread_id = $1 and role = 'assistant' and status <> 'streaming'`,
        [threadId],
      );
      return rows[0] as { text: string; status: string } | undefined;
    });
    expect(stored).toEqual({ text: full, status: 'complete' });
  });

  it('the same WhatsApp delivery sent to all three instances at once is answered once', async () => {
    const { jar, ip, email } = await account(0, 'pro');
    const phone = uniqueMobile();
    await expectPending(await sendCode(via(0, jar, ip), phone));
    const code = graph
      .sent()
      .filter((m) => m.to === waId(phone) && m.type === 'template')
      .pop()?.template?.parameters[0];
    const linked = await via(1, jar, ip).post('/api/whatsapp/link/verify', { code });
    expect(linked.status, await linked.clone().text()).toBe(200);

    const delivery = graph.inbound({ from: waId(phone), text: 'Three doors [[fake text="Only once."]]' });
    const answers = await Promise.all(cluster.instances.map((i) => postWebhook(over(i.url), delivery)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const texts = () => graph.sent().filter((m) => m.to === waId(phone) && m.type === 'text');
    await until(async () => texts().length >= 1, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(texts().map((m) => m.text)).toEqual(['Only once.']);
    const { rows } = await sql.query(
      `select count(*)::int as n from messages m join threads t on t.id = m.thread_id
       join users u on u.id = t.user_id where u.email = $1 and m.role = 'user'`,
      [email],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('50 image jobs queued through one instance are each done once, with one instance killed -9 while they run', async () => {
    const { jar, ip, id } = await account(1, 'pro');
    const c = via(1, jar, ip);
    const turns = [...Array.from({ length: 12 }, () => 4), 2];
    const started = await Promise.all(
      turns.map(async (count, n) => {
        const args = JSON.stringify({ prompt: `multi ${n}`, count });
        const res = await c.post('/api/chat', {
          ...sendBody(newId('img'), `[[fake tool=generate_image args=${args}]] x`),
          toolId: 'image-generator',
          locale: 'en',
          toolInput: {},
        });
        const body = await res.text();
        expect(res.status, body.slice(0, 200)).toBe(200);
        return body;
      }),
    );
    expect(started).toHaveLength(13);
    // Instance 0 dies (kill -9) while the three work through the queue.
    await cluster.kill(0, 'SIGKILL');
    const states = async () => {
      const { rows } = await sql.query(
        `select status, count(*)::int as n, count(distinct file_key)::int as files from images where user_id = $1 group by status`,
        [id],
      );
      return rows as { status: string; n: number; files: number }[];
    };
    const done = await until(async () => {
      const now = await states();
      return now.length === 1 && now[0]?.status === 'ready' && now[0].n === 50 ? now : undefined;
    }, 90_000).catch(async () => {
      throw new Error(`not every image was made: ${JSON.stringify(await states())}`);
    });
    expect(done).toEqual([{ status: 'ready', n: 50, files: 50 }]);
    await cluster.restart(0);
  }, 180_000);

  it('a limit reached through the instances together holds on all of them, exact counts (wrong passwords per account)', async () => {
    const { email } = await account(0);
    // SIGN_IN_FAILURES_PER_ACCOUNT (10) wrong passwords, spread over the three instances from ten addresses.
    for (let n = 0; n < 10; n++) {
      const res = await via(n % 3, new CookieJar(), uniqueIp()).post('/api/auth/sign-in/email', {
        email,
        password: `wrong-password-${n}`,
      });
      expect(res.status, `attempt ${n + 1} on instance ${n % 3}`).toBe(401);
    }
    // The next one is refused on every instance, the right password too (each alone saw only 3–4).
    for (const i of [0, 1, 2]) {
      const res = await via(i, new CookieJar(), uniqueIp()).post('/api/auth/sign-in/email', {
        email,
        password: PASSWORD,
      });
      expect(res.status, `instance ${i}`).toBe(429);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
  });

  it("an answer of an instance killed -9 ends as interrupted within 10 s with its saved text, credits exact; a living instance's paused answer stays", async () => {
    const { jar, ip } = await account('lb'); // free: each answer takes one of today's messages
    const lb = via('lb', jar, ip);
    type Detail = {
      activeAnswerId: string | null;
      messages: { parts: { text?: string }[]; metadata?: { status?: string } }[];
    };
    const answerOf = async (threadId: string) => {
      const detail = (await (await lb.get(`/api/threads/${threadId}`)).json()) as Detail;
      const last = detail.messages.at(-1);
      const text = last?.parts.map((p) => p.text ?? '').join('') ?? '';
      return { status: last?.metadata?.status, text, active: detail.activeAnswerId !== null };
    };
    const used = async () => ((await (await lb.get('/api/credits')).json()) as { used: number }).used;
    /** Starts an answer on instance i and leaves it running once `mark` has streamed; its thread. */
    const start = async (i: number, prompt: string, mark: string) => {
      const threadId = newId('t');
      const res = await via(i, jar, ip).post('/api/chat', sendBody(threadId, prompt));
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (let seen = ''; !seen.includes(mark); ) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the answer ended before ${mark}: ${seen}`);
        seen += Buffer.from(value).toString();
      }
      await reader.cancel();
      return threadId;
    };
    // On instance 1: one answer that has written some text, one whose provider has said nothing yet.
    const cut = await start(1, 'Cut me off [[fake tokens=1000 pace=20]]', ' w10"');
    const silent = await start(1, 'Nothing yet [[fake hang]]', '"start"');
    // On instance 2, alive throughout: an answer whose provider pauses.
    const paused = await start(2, 'Think it over [[fake hang]]', '"start"');
    expect(await used()).toBe(3);
    const saved = await until(async () => {
      const { text } = await answerOf(cut);
      return text.includes(' w10') && text;
    });

    await cluster.kill(1, 'SIGKILL');
    const killedAt = Date.now();
    try {
      const taken = await until(async () => {
        const answer = await answerOf(cut);
        return answer.status === 'interrupted' && answer;
      }, 15_000);
      expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000);
      expect(taken.text.startsWith(saved)).toBe(true);
      expect(taken.text).not.toContain('w1000');
      expect(taken.active).toBe(false);
      expect(await answerOf(silent)).toEqual({ status: 'interrupted', text: '', active: false });
      // Its lease ran out and the survivors swept several times: the living instance's paused answer stays.
      expect(await answerOf(paused)).toEqual({ status: 'streaming', text: '', active: true });
      // The answer with text keeps its message, the one with nothing gives it back (once: two instances sweep).
      await until(async () => (await used()) === 2);
    } finally {
      await cluster.restart(1);
    }
    expect(await used()).toBe(2);
    // Stopped through the load balancer (it runs on instance 2): nothing was answered, its message comes back.
    expect((await lb.post(`/api/chat/${paused}/stop`, {})).status).toBe(204);
    await until(async () => (await used()) === 1);
    expect(await answerOf(paused)).toEqual({ status: 'stopped', text: '', active: false });
  }, 90_000);

  it('a rolling restart under load through nginx: 0 failed requests, every answer whole', async () => {
    const { jar, ip } = await account('lb', 'pro');
    const lb = via('lb', jar, ip);
    let rolling = true;
    const failures: string[] = [];
    let requests = 0;
    let answers = 0;
    let resent = 0;
    /**
     * As a browser does: a request whose reused keep-alive connection was closed before any answer
     * came (nginx's old workers close idle client connections when a reload retires them) is sent
     * once more. Anything else (an HTTP error, a second failure) counts as failed.
     */
    const again = async <T>(send: () => Promise<T>): Promise<T> => {
      try {
        return await send();
      } catch (err) {
        if (!/other side closed|ECONNRESET|socket/i.test(String((err as { cause?: unknown }).cause ?? err))) throw err;
        resent += 1;
        return send();
      }
    };
    const load = async (n: number) => {
      while (rolling) {
        const kind = (requests + n) % 4;
        requests += 1;
        try {
          if (kind === 0) {
            const word = `r${n}x${requests}`;
            const body = sendBody(newId('t'), `Roll [[fake text="${word} done" pace=20]]`);
            const res = await again(() => lb.post('/api/chat', body));
            const text = res.status === 200 ? textOf(parseSse(await res.text())) : await res.text();
            if (res.status !== 200 || text !== `${word} done`) failures.push(`chat ${res.status} ${text.slice(0, 80)}`);
            else answers += 1;
          } else {
            const path = ['/api/me', '/api/config', '/api/threads?limit=5'][kind - 1] as string;
            const res = await again(() => lb.get(path));
            await res.arrayBuffer();
            if (res.status !== 200) failures.push(`${path} ${res.status}`);
          }
        } catch (err) {
          failures.push(`${kind} ${String(err)}`);
        }
      }
    };
    const loaders = Array.from({ length: 6 }, (_, n) => load(n));
    await cluster.rollingRestart();
    rolling = false;
    await Promise.all(loaders);
    console.info(`[multi-instance] rolling restart: ${requests} requests, ${answers} answers, ${resent} resent`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(answers).toBeGreaterThan(5);
    // Every instance is a new process and serves again.
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  }, 240_000);
});
