/**
 * Starts the real server for the browser tests (Playwright's webServer runs this).
 *
 * - a fresh, empty DATA_DIR in the OS temp directory (PGlite lives there unless PostgreSQL is used);
 * - with TEST_DATABASE_URL set, a brand-new PostgreSQL database e2e_<random> next to that URL's
 *   database, passed as DATABASE_URL and dropped WITH (FORCE) on exit;
 * - an oauth2-mock-server on a free 127.0.0.1 port as both Google and Apple (oauth-mock.ts): the
 *   server gets client ids and secrets for both and the mock's URL as GOOGLE_ISSUER and APPLE_ISSUER,
 *   so sign-in with them runs the production code path; the tests choose the identity it answers with;
 * - the model providers' stand-ins (@polymath/provider-fakes) on another free 127.0.0.1 port: the server
 *   gets fake keys and their base URLs for OpenAI, Anthropic, Google, DeepSeek and xAI, so chats stream
 *   the stand-ins' answers over the real wire formats; the tests script them (provider-fakes.ts);
 * - the web-search services' stand-ins (SearXNG configured through SEARXNG_URL) with the pages their
 *   results link to; the tests script them (search-fakes.ts);
 * - the server on E2E_PORT (127.0.0.1) with NODE_ENV=test and LOG_LEVEL=warn, no third-party tags,
 *   a free allowance of 5 messages a day (FREE_DAILY_MESSAGES),
 *   no SMTP (mails land in DATA_DIR/outbox, where the tests read verification links);
 * - what the tests need to know (the data directory, the database URL, the identity provider's
 *   control endpoint, the provider stand-ins' URL) in serverStateFile() (server-state.ts);
 * - SIGTERM/SIGINT are forwarded to the server; when it exits, this process cleans up and exits too.
 *
 * Run with Node 24 (npm/npx put the pinned Node first on PATH); the server is started with the same Node.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ProviderFakes, type SearchFakes, startProviderFakes, startSearchFakes } from '@polymath/provider-fakes';
import { type IdentityProvider, startIdentityProvider } from './oauth-mock.ts';
import { E2E_OPERATOR_EMAILS, E2E_PORT, type ServerState, serverStateFile } from './server-state.ts';

type PgClient = {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
};
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };

const root = resolve(import.meta.dirname, '../..');
const port = String(E2E_PORT);
const baseUrl = `http://127.0.0.1:${port}`;
const log = (message: string) => console.log(`[e2e server] ${message}`);

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error(
    '[e2e server] The web app is not built (apps/web/dist/index.html is missing).\n' +
      'Run `npm run build` first (`npm run test:e2e` builds and then runs the browser tests).',
  );
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'polymath-e2e-'));
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
let databaseName: string | undefined;
let identityProvider: IdentityProvider | undefined;
let providerFakes: ProviderFakes | undefined;
let searchFakes: SearchFakes | undefined;
let child: ChildProcess | undefined;
let stopSignal: NodeJS.Signals | undefined;
let cleaningUp = false;

/** pg is a dependency of the server workspace; resolve it from there. */
function loadPg(): PgModule {
  const require = createRequire(join(root, 'apps/server/package.json'));
  return require('pg') as PgModule;
}

async function admin(sql: string): Promise<void> {
  if (!adminUrl) return;
  const { Client } = loadPg();
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function cleanup(exitCode: number): Promise<never> {
  if (cleaningUp) return new Promise<never>(() => {});
  cleaningUp = true;
  if (identityProvider) {
    try {
      await identityProvider.stop();
    } catch (err) {
      console.error('[e2e server] could not stop the identity provider:', err);
    }
  }
  if (providerFakes) {
    try {
      await providerFakes.close();
    } catch (err) {
      console.error('[e2e server] could not stop the provider stand-ins:', err);
    }
  }
  if (searchFakes) {
    try {
      await searchFakes.close();
    } catch (err) {
      console.error('[e2e server] could not stop the search stand-ins:', err);
    }
  }
  if (databaseName) {
    try {
      await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      log(`dropped database ${databaseName}`);
    } catch (err) {
      console.error(`[e2e server] could not drop database ${databaseName}:`, err);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverStateFile(), { force: true });
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals) {
  stopSignal = signal;
  // The server may already have it (Playwright signals the whole process group); it ignores a repeat.
  // Before the server is spawned, main() sees stopSignal once its setup is done and cleans up.
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The tests decide what the server sees: no operator settings leak in from the shell.
  const operatorSettings = [
    'DATABASE_URL',
    'REDIS_URL',
    'GTM_ID',
    'AD_PIXEL_ID',
    'WEB_DIST_DIR',
    'PUBLIC_URL',
    'HOST',
    'SMTP_URL',
    'SESSION_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_ISSUER',
    'APPLE_CLIENT_ID',
    'APPLE_CLIENT_SECRET',
    'APPLE_ISSUER',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_BASE_URL',
    'GOOGLE_GENERATIVE_AI_API_KEY',
    'GOOGLE_GENERATIVE_AI_BASE_URL',
    'DEEPSEEK_API_KEY',
    'DEEPSEEK_BASE_URL',
    'XAI_API_KEY',
    'XAI_BASE_URL',
    'WEB_SEARCH_PROVIDER',
    'TAVILY_API_KEY',
    'TAVILY_BASE_URL',
    'BRAVE_SEARCH_API_KEY',
    'BRAVE_SEARCH_BASE_URL',
    'SEARXNG_URL',
    'ADMIN_EMAILS',
  ];
  for (const key of operatorSettings) delete env[key];

  if (adminUrl) {
    const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE "${name}"`);
    databaseName = name;
    env.DATABASE_URL = databaseUrl(adminUrl, name);
    log(`created PostgreSQL database ${name}`);
  }
  if (stopSignal) return cleanup(0);

  identityProvider = await startIdentityProvider(log);
  if (stopSignal) return cleanup(0);

  providerFakes = await startProviderFakes();
  if (stopSignal) return cleanup(0);

  searchFakes = await startSearchFakes();
  if (stopSignal) return cleanup(0);

  Object.assign(env, {
    PORT: port,
    HOST: '127.0.0.1',
    // The origin the browser uses: links in mails and the auth origin check must match it.
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // As `npm run serve` starts it (image work and password hashing use libuv's thread pool).
    UV_THREADPOOL_SIZE: '16',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '2000',
    // Every browser context sends its own X-Forwarded-For (e2e/support/fixtures.ts), so per-address
    // limits (page views 120/min, sign-in and sign-up 5/min) see one visitor per test, not the whole
    // suite as one address.
    TRUST_PROXY: 'true',
    // A small daily allowance, so e2e/chat.spec.ts uses it up in a few sends (the default is 10).
    // Every journey that sends uses its own fresh account; none sends more than this.
    FREE_DAILY_MESSAGES: '5',
    // The long-chat journey (chat-history.spec.ts) writes 55 turns in well under a minute; the
    // default fair-use limit is 30 a minute.
    CHAT_RATE_LIMIT_MAX: '120',
    // Google and Apple are both the mock; only the issuer URLs differ from production.
    GOOGLE_CLIENT_ID: 'polymath-e2e-google',
    GOOGLE_CLIENT_SECRET: 'polymath-e2e-google-secret',
    GOOGLE_ISSUER: identityProvider.issuer,
    APPLE_CLIENT_ID: 'polymath-e2e-apple',
    APPLE_CLIENT_SECRET: 'polymath-e2e-apple-secret',
    APPLE_ISSUER: identityProvider.issuer,
    // Every model provider is its stand-in: any key passes, the base URLs point at the fakes.
    OPENAI_API_KEY: 'fake-openai',
    OPENAI_BASE_URL: providerFakes.baseUrls.openai,
    ANTHROPIC_API_KEY: 'fake-anthropic',
    ANTHROPIC_BASE_URL: providerFakes.baseUrls.anthropic,
    GOOGLE_GENERATIVE_AI_API_KEY: 'fake-google',
    GOOGLE_GENERATIVE_AI_BASE_URL: providerFakes.baseUrls.google,
    DEEPSEEK_API_KEY: 'fake-deepseek',
    DEEPSEEK_BASE_URL: providerFakes.baseUrls.deepseek,
    XAI_API_KEY: 'fake-xai',
    XAI_BASE_URL: providerFakes.baseUrls.xai,
    // Web search goes to the SearXNG stand-in (an operator-configured host, so the guard lets the
    // search itself through; the result pages it links to on 127.0.0.1 stay closed to open_page).
    SEARXNG_URL: searchFakes.baseUrls.searxng,
    // The operator console's journeys sign up with these (e2e/admin.spec.ts).
    ADMIN_EMAILS: E2E_OPERATOR_EMAILS.join(','),
  });

  const state: ServerState = {
    dataDir,
    databaseName: databaseName ?? null,
    databaseUrl: env.DATABASE_URL ?? null,
    baseUrl,
    identityProvider: { issuer: identityProvider.issuer, controlUrl: identityProvider.controlUrl },
    providerFakes: { url: providerFakes.url },
    searchFakes: { url: searchFakes.url, pagesUrl: searchFakes.pagesUrl },
  };
  writeFileSync(serverStateFile(), JSON.stringify(state));
  log(
    `starting on ${baseUrl} (Node ${process.version}, data ${dataDir}, ${adminUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `identity provider ${identityProvider.issuer}, provider stand-ins ${providerFakes.url}, ` +
      `search stand-ins ${searchFakes.url})`,
  );
  child = spawn(process.execPath, [join(root, 'apps/server/src/index.ts')], { cwd: root, env, stdio: 'inherit' });
  child.on('error', (err) => {
    console.error('[e2e server] could not start the server:', err);
    void cleanup(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopSignal) console.error(`[e2e server] the server exited unexpectedly (code ${code}, signal ${signal})`);
    void cleanup(stopSignal ? 0 : (code ?? 1) || 1);
  });
}

main().catch((err: unknown) => {
  console.error('[e2e server] failed to start:', err);
  void cleanup(1);
});
