import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What start-server.ts tells the tests about the server it started (the temp data directory, where
 * the mail outbox is; the PostgreSQL database, when there is one; the mock identity provider; the model
 * providers' stand-ins). The file is keyed by port: one server per port at a time.
 * Plain TypeScript only (start-server.ts runs on Node's type stripping).
 */
export type ServerState = {
  dataDir: string;
  databaseName: string | null;
  /** The server's own database (TEST_DATABASE_URL runs); null on PGlite. */
  databaseUrl: string | null;
  baseUrl: string;
  /** The mock Google/Apple (oauth-mock.ts): its issuer URL and where tests set the next identity. */
  identityProvider: { issuer: string; controlUrl: string };
  /** The model providers' stand-ins (@polymath/provider-fakes); their control endpoints are under /__control. */
  providerFakes: { url: string };
  /** The web-search services' stand-ins (SearXNG is the one configured) and the pages they link to. */
  searchFakes: { url: string; pagesUrl: string };
};

/** The operators' addresses start-server.ts puts in ADMIN_EMAILS: one per console journey (e2e/admin.spec.ts). */
export const E2E_OPERATOR_EMAILS = ['desktop-en', 'desktop-tr', 'phone-en', 'phone-tr'].map(
  (name) => `e2e-operator-${name}@example.com`,
);

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);

export function serverStateFile(port: number = E2E_PORT): string {
  return join(tmpdir(), `polymath-e2e-${port}.json`);
}

export function readServerState(port: number = E2E_PORT): ServerState {
  try {
    return JSON.parse(readFileSync(serverStateFile(port), 'utf8')) as ServerState;
  } catch (err) {
    throw new Error(`No e2e server state at ${serverStateFile(port)}: is start-server.ts running? (${String(err)})`);
  }
}
