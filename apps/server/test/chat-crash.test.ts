import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProviderFakes } from '@polymath/provider-fakes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { AUTH_TEST_ENV, captureMailer, ORIGIN, signedInUser } from './auth-helpers.ts';
import {
  messageRow,
  newId,
  parseSse,
  providerEnv,
  sendBody,
  startProviderFakes,
  textOf,
  until,
} from './chat-helpers.ts';
import {
  createScratchPostgres,
  createTestApp,
  TEST_DATABASE_URL,
  TEST_SECRETS,
  testDatabaseKinds,
} from './databases.ts';
import { freePort } from './ports.ts';

/**
 * A process killed mid-answer (SIGKILL: no drain, no cleanup) leaves its answer 'streaming'; another
 * process marks it interrupted with the text written so far, and frees the thread. On PGlite one
 * process owns the data, so the next one does it at start-up; on PostgreSQL a surviving instance's
 * sweep does it once the killed instance's lease has run out (decision 034): within 10 s with the
 * default lease of INSTANCE_LEASE_SECONDS=6.
 */
const serverEntry = resolve(import.meta.dirname, '../src/index.ts');

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    return res?.ok;
  }, 30_000);
  return child;
}

/**
 * A signed-in user made in-process on the database the server processes will use, the environment
 * those processes get, and a fetch that calls them as that user.
 */
async function prepareServer(dataDir: string, databaseUrl: string | undefined, extraEnv: Record<string, string>) {
  const setup = await openDatabase({ url: databaseUrl, dataDir });
  await setup.migrate();
  const mailer = captureMailer();
  const setupApp = createTestApp(setup, { mailer, env: { ...AUTH_TEST_ENV, DATA_DIR: dataDir } });
  const user = await signedInUser(setupApp, mailer);
  await setup.close();
  const port = await freePort();
  const env: Record<string, string> = {
    ...AUTH_TEST_ENV,
    ...providerEnv(fakes),
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    SESSION_SECRET: TEST_SECRETS.sessionSecret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  const call = (path: string, init: RequestInit = {}, at = port) =>
    fetch(`http://127.0.0.1:${at}${path}`, {
      ...init,
      headers: { origin: ORIGIN, cookie: user.jar.header(), 'content-type': 'application/json', ...init.headers },
    });
  return { port, env, call };
}

for (const kind of testDatabaseKinds()) {
  it.skipIf(kind === 'postgres' && !TEST_DATABASE_URL)(
    kind === 'pglite'
      ? 'an answer cut off by a killed process is interrupted after restart [pglite]'
      : 'an answer cut off by a killed instance is taken over by a surviving one within 10 s [postgres]',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'polymath-crash-'));
      const scratch = kind === 'postgres' ? await createScratchPostgres() : undefined;
      const children: ChildProcess[] = [];
      try {
        // The default timings: on PGlite the restart alone must free the thread; on PostgreSQL the
        // surviving instance must take the answer over within 10 s of the kill.
        const { port, env, call } = await prepareServer(dataDir, scratch?.url, {});
        const first = await startServer(env, port);
        children.push(first);
        const survivorPort = kind === 'postgres' ? await freePort() : port;
        if (kind === 'postgres') children.push(await startServer(env, survivorPort));
        const threadId = newId('t');
        const res = await call('/api/chat', {
          method: 'POST',
          body: JSON.stringify(sendBody(threadId, 'Cut me off [[fake tokens=500 pace=20]]')),
        });
        expect(res.status).toBe(200);
        const reader = res.body?.getReader();
        const decoder = new TextDecoder();
        let seen = '';
        while (!seen.includes(' w10"')) seen += decoder.decode((await reader?.read())?.value);
        // The partial answer is saved every 1.5 s: wait past one save (the answer runs for ~10 s).
        await new Promise((r) => setTimeout(r, 2500));
        first.kill('SIGKILL');
        await new Promise((r) => first.once('exit', r));
        const killedAt = Date.now();

        if (kind === 'pglite') {
          children.push(await startServer(env, port));
          // Ready means freed: no wait for a sweep.
          const detail = (await (await call(`/api/threads/${threadId}`)).json()) as { activeAnswerId: string | null };
          expect(detail.activeAnswerId).toBeNull();
        }
        const answer = await until(async () => {
          const detail = (await (await call(`/api/threads/${threadId}`, {}, survivorPort)).json()) as {
            activeAnswerId: string | null;
            messages: { role: string; parts: { type: string; text?: string }[]; metadata?: { status?: string } }[];
          };
          const last = detail.messages.at(-1);
          return last?.metadata?.status === 'interrupted' ? { detail, last } : undefined;
        }, 20_000);
        // Taken over within 10 s of the kill (the promise), not 30 s after the last save.
        if (kind === 'postgres') expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000);
        const text = answer.last.parts.map((p) => p.text ?? '').join('');
        expect(text).toContain('w10');
        expect(text).not.toContain('w500');
        expect(answer.detail.activeAnswerId).toBeNull();
        expect((await call(`/api/chat/${threadId}/stream`, {}, survivorPort)).status).toBe(204);
        // The thread takes new messages again.
        const next = await call(
          '/api/chat',
          { method: 'POST', body: JSON.stringify(sendBody(threadId, 'Again [[fake tokens=2]]')) },
          survivorPort,
        );
        expect(next.status).toBe(200);
        await next.text();
      } finally {
        for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
        await scratch?.drop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
}

it('SIGTERM lets a running answer finish within the grace period, then stores the rest as interrupted', {
  timeout: 90_000,
}, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'polymath-drain-'));
  const children: ChildProcess[] = [];
  try {
    const { port, env, call } = await prepareServer(dataDir, undefined, { SHUTDOWN_GRACE_MS: '3000' });
    const server = await startServer(env, port);
    children.push(server);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    // One answer short enough to finish within the grace period, one far too long.
    const short = await call('/api/chat', {
      method: 'POST',
      body: JSON.stringify(sendBody(newId('t'), 'Short [[fake tokens=40 pace=20]]')),
    });
    const long = await call('/api/chat', {
      method: 'POST',
      body: JSON.stringify(sendBody(newId('t'), 'Long [[fake tokens=2000 pace=20]]')),
    });
    const longReader = long.body?.getReader();
    const longFirst = new TextDecoder().decode((await longReader?.read())?.value);
    const longId = String(parseSse(longFirst).find((ch) => ch.type === 'start')?.messageId);
    server.kill('SIGTERM');
    const shortText = textOf(parseSse(await short.text()));
    expect(shortText.endsWith(' w40')).toBe(true);
    void (async () => {
      while (!(await longReader?.read().catch(() => ({ done: true })))?.done) {
        // drain
      }
    })();
    expect(await exited).toBe(0);

    const check = await openDatabase({ dataDir });
    try {
      const row = await messageRow(check.db, longId);
      expect(row?.status).toBe('interrupted');
      expect(row?.text).toContain('w1');
      expect(row?.text).not.toContain('w2000');
    } finally {
      await check.close();
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
