import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { adminAuditLog, users } from '../src/db/schema/index.ts';
import { migratedPglite } from './databases.ts';
import { CHILD_NODE_ENV } from './ports.ts';

const run = promisify(execFile);
const SCRIPT = resolve(import.meta.dirname, '../src/admin-grant.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'polymath-admin-grant-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run admin:grant -- …` as a person types it, against this DATA_DIR (PGlite). */
async function grant(...args: string[]): Promise<{ code: number; out: string }> {
  const env = {
    ...process.env,
    ...CHILD_NODE_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], { env });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run admin:grant', () => {
  it('makes the first operator, audited as the command; refuses unknown addresses and the last revoke', async () => {
    // A copy of the run's migrated template, as the command finds a database the server made.
    const database = await openDatabase({ dataDir, pgliteData: migratedPglite() });
    await database.migrate();
    await database.db
      .insert(users)
      .values({ id: 'first-op', name: 'First', email: 'first@example.com', emailVerified: true });
    await database.close();

    // A usage error is answered before the database is opened, so it runs beside the first lookup
    // (PGlite in DATA_DIR has one user at a time; the rest run one after another).
    const [unknown, usage] = await Promise.all([grant('nobody@example.com'), grant('not-an-address')]);
    expect(unknown).toMatchObject({ code: 1, out: expect.stringContaining('No account') });
    expect(usage).toMatchObject({ code: 2, out: expect.stringContaining('Usage') });
    expect(await grant('FIRST@example.com')).toMatchObject({ code: 0, out: 'first@example.com is an operator.\n' });
    expect((await grant('first@example.com')).out).toContain('already');
    expect(await grant('--revoke', 'first@example.com')).toMatchObject({
      code: 1,
      out: expect.stringContaining('last operator'),
    });

    const reopened = await openDatabase({ dataDir });
    const [row] = await reopened.db.select({ role: users.role }).from(users).where(eq(users.id, 'first-op'));
    const audit = await reopened.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, 'first-op'));
    await reopened.close();
    expect(row?.role).toBe('admin');
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([['operator.grant', 'command']]);
  }, 180_000);
});
