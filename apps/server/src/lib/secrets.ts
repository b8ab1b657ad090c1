import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = { sessionSecret: string };

/**
 * Secrets come from the environment when given; otherwise they are generated on first start
 * and kept in DATA_DIR/secrets.json (mode 0600) so a second start reuses them.
 */
export function loadOrCreateSecrets(dataDir: string, fromEnv: { SESSION_SECRET?: string | undefined }): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    sessionSecret: fromEnv.SESSION_SECRET ?? stored.sessionSecret ?? randomBytes(32).toString('base64url'),
  };
  if (!fromEnv.SESSION_SECRET && stored.sessionSecret !== secrets.sessionSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, sessionSecret: secrets.sessionSecret }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
