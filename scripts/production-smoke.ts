/**
 * The production-dependencies smoke test (issue 31, part 7; run by `npm test` beside the browser
 * tests, once the web app is built): what the Dockerfile's image relies on, without a container
 * engine. A clean copy of the server's sources and the built web app gets the production
 * dependencies `npm ci --omit=dev` installs (see installProduction), is started on PGlite with no
 * settings, and is used as a person would: the page, a sign-up verified through the outbox mail,
 * a chat with the demo model and an upload. A runtime import of a development dependency fails it at start-up or on that path.
 *
 *   node scripts/production-smoke.ts     (needs `npm run build` first)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PASSWORD = 'correct-horse-1';

function step(text: string) {
  console.log(`[production-smoke] ${text}`);
}

function fail(text: string): never {
  throw new Error(text);
}

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? done() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/** Copies what the Dockerfile copies: the workspaces' manifests and sources, the built web app. */
function cleanCopy(dir: string) {
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(dir, file));
  const skip = (src: string) => !/[/\\](node_modules|test|dist)([/\\]|$)/.test(src.slice(ROOT.length));
  for (const folder of ['packages/shared', 'packages/provider-fakes', 'apps/server']) {
    cpSync(join(ROOT, folder), join(dir, folder), { recursive: true, filter: skip });
  }
  mkdirSync(join(dir, 'apps/web'), { recursive: true });
  cpSync(join(ROOT, 'apps/web/package.json'), join(dir, 'apps/web/package.json'));
  cpSync(join(ROOT, 'apps/web/dist'), join(dir, 'apps/web/dist'), { recursive: true });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The production dependencies, as `npm ci --omit=dev` lays them out. Where it can, the checkout's
 * own node_modules is linked in (`cp -al`: hard links, no bytes copied) and `npm prune --omit=dev`
 * removes every development dependency from the copy: the same packages in the same places as a
 * clean `npm ci --omit=dev` (compared file by file when this was written), for about a seventh of
 * its CPU (7 s against 52: unpacking 860 MB of tarballs was the largest part of this test, issue 33).
 * Caches the checkout keeps in node_modules (the OCR data, Vite's) are removed, as a clean install
 * has none. Without `cp -al` (not Linux), a clean `npm ci --omit=dev` it is.
 */
async function installProduction(dir: string) {
  const flags = ['--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'];
  const linked = await run('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')], dir).then(
    () => true,
    () => false,
  );
  if (!linked) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    step('npm ci --omit=dev');
    await run(npm, ['ci', ...flags], dir);
    return;
  }
  for (const name of readdirSync(join(dir, 'node_modules'))) {
    if (name === '.cache' || name.startsWith('.vite')) rmSync(join(dir, 'node_modules', name), { recursive: true });
  }
  step("the checkout's node_modules linked in, then npm prune --omit=dev");
  await run(npm, ['prune', ...flags], dir);
}

async function main() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) fail('the web app is not built: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'polymath-production-'));
  let server: ChildProcess | undefined;
  try {
    step(`clean copy in ${dir}`);
    cleanCopy(dir);
    await installProduction(dir);
    // (npm also installs peers of production packages, so the image may hold a package that is a
    // development dependency here; what matters is that nothing below needs one that is missing.)

    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const dataDir = join(dir, 'data');
    step(`starting the server on port ${port} (PGlite, no settings)`);
    let output = '';
    server = spawn(process.execPath, ['apps/server/src/index.ts'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    server.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const exited = new Promise<number | null>((done) => server?.once('exit', (code) => done(code)));
    // Generous: it starts beside the unit and browser tests and the type check, and a fresh PGlite's
    // initdb alone took 81 s of that crowd once; this test is about the dependencies, not the speed.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (server.exitCode !== null || Date.now() > deadline) {
        await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
        fail(`the server did not start:\n${output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }

    const cookies = new Map<string, string>();
    const call = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', origin);
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers.set('content-type', 'application/json');
      }
      const res = await fetch(path.startsWith('http') ? path : `${origin}${path}`, {
        ...init,
        headers,
        body,
        redirect: 'manual',
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return res;
    };
    const expectStatus = async (res: Response, status: number, what: string) => {
      if (res.status !== status) fail(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    };

    step('the page');
    const page = await call('/');
    await expectStatus(page.clone(), 200, 'GET /');
    if (!(await page.text()).includes('<div id="root"')) fail('GET / is not the built app');

    step('sign-up, verified through the outbox mail, and sign-in');
    const email = `smoke-${Date.now()}@example.com`;
    await expectStatus(
      await call('/api/auth/sign-up/email', {
        method: 'POST',
        json: { name: 'Smoke Test', email, password: PASSWORD },
      }),
      200,
      'sign-up',
    );
    let link: string | undefined;
    for (let i = 0; i < 40 && !link; i++) {
      const outbox = join(dataDir, 'outbox');
      for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
        const mail = readFileSync(join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!mail.includes(email)) continue;
        link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(mail)?.[0];
      }
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    if (!link) fail('no verification mail in the outbox');
    const verified = await call(link.replace(/^https?:\/\/[^/]+/, origin));
    if (verified.status !== 302) fail(`verification link: ${verified.status}`);
    await expectStatus(
      await call('/api/auth/sign-in/email', { method: 'POST', json: { email, password: PASSWORD } }),
      200,
      'sign-in',
    );

    step('a chat with the demo model');
    const models = (await (await call('/api/models')).json()) as { defaultModelId: string };
    const answer = await call('/api/chat', {
      method: 'POST',
      json: {
        trigger: 'submit-message',
        threadId: `smoke-${Date.now()}`,
        toolId: 'web-main',
        modelId: models.defaultModelId,
        message: { id: `smoke-m-${Date.now()}`, role: 'user', parts: [{ type: 'text', text: 'Hello' }] },
      },
    });
    await expectStatus(answer.clone(), 200, 'POST /api/chat');
    const sse = await answer.text();
    if (!sse.includes('"type":"text-delta"') || !sse.includes('"type":"finish"')) {
      fail(`the demo answer did not stream: ${sse.slice(0, 300)}`);
    }

    step('an upload, served back');
    const form = new FormData();
    form.set('file', new File([PNG], 'dot.png', { type: 'image/png' }));
    const upload = await call('/api/chat/attachments', { method: 'POST', body: form });
    await expectStatus(upload.clone(), 201, 'upload');
    const { url } = (await upload.json()) as { url: string };
    const file = await call(url);
    await expectStatus(file.clone(), 200, `GET ${url}`);
    if ((await file.arrayBuffer()).byteLength === 0) fail('the uploaded file came back empty');

    step('passed');
  } finally {
    if (server && server.exitCode === null) {
      const ended = new Promise((done) => server?.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`[production-smoke] FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
