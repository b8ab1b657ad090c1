import { adminMeSchema, auditPageSchema } from '@polymath/shared/admin/admin.schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { adminAuditLog, users } from '../src/db/schema/index.ts';
import { COMMAND_ACTOR, recordAdminAction } from '../src/features/admin/audit-log.ts';
import { operatorStatus, setOperatorRole } from '../src/features/admin/operators.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  changesHeard,
  client,
  expectError,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { createTestApp, createTestDeps, describeEachDatabase } from './databases.ts';

/**
 * Every /api/admin/* route (foundation: me and audit; later sections add theirs to ADMIN_ROUTES) as
 * seen by a signed-out visitor, a normal person, a banned one and an operator.
 */
export const ADMIN_ROUTES: [method: string, path: string, json?: unknown][] = [
  ['GET', '/api/admin/me'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/audit?limit=5'],
  ['GET', '/api/admin/people'],
  ['GET', '/api/admin/people?q=ada'],
  ['GET', '/api/admin/people/PERSON'],
  ['POST', '/api/admin/people/PERSON/grant-pro', { days: 1 }],
  ['POST', '/api/admin/people/PERSON/reset-credits', {}],
  ['POST', '/api/admin/people/PERSON/sign-out-everywhere', {}],
  ['POST', '/api/admin/people/PERSON/ban', {}],
  ['POST', '/api/admin/people/PERSON/unban', {}],
  ['POST', '/api/admin/people/PERSON/operator', { operator: true }],
  ['DELETE', '/api/admin/people/PERSON'],
  ['GET', '/api/admin/jobs'],
  ['POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {}],
  ['DELETE', '/api/admin/jobs/00000000-0000-4000-8000-000000000000'],
  // Unknown paths answer 403 too: the API says nothing of what it has to anyone else.
  ['GET', '/api/admin/no-such-thing'],
  ['POST', '/api/admin/no-such-thing', {}],
];

async function idOf(c: TestClient): Promise<{ id: string; email: string }> {
  const res = await c.get('/api/me');
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; email: string };
}

describeEachDatabase('operator console: who may use it', { exercises: ['notifications'] }, (ctx) => {
  const listedEmail = uniqueEmail('boss');
  let app: App;
  let deps: AppDeps;
  let mailer: CaptureMailer;
  let visitor: TestClient;
  let normal: TestClient;
  let banned: TestClient;
  let listed: TestClient;
  let commanded: TestClient;

  beforeAll(async () => {
    mailer = captureMailer();
    const env = { ...AUTH_TEST_ENV, ADMIN_EMAILS: ` ${listedEmail.toUpperCase()} , other@example.com` };
    deps = createTestDeps(ctx.database, { env, mailer });
    app = createTestApp(ctx.database, { env, mailer });
    visitor = client(app);
    normal = await signedInUser(app, mailer);
    banned = await signedInUser(app, mailer);
    listed = await signedInUser(app, mailer, listedEmail);
    commanded = await signedInUser(app, mailer);
    // A banned person who still holds a session (a ban through the console also ends them): the guard
    // asks the database, not the session.
    const bannedUser = await idOf(banned);
    await deps.db.update(users).set({ banned: true, banReason: 'test' }).where(eq(users.id, bannedUser.id));
    const commandedUser = await idOf(commanded);
    await setOperatorRole(deps.db, COMMAND_ACTOR, commandedUser, true);
    await changesHeard(ctx.database);
  });

  it('answers 403 FORBIDDEN on every route to a visitor, a normal person and a banned one', async () => {
    const target = await idOf(normal);
    for (const who of [visitor, normal, banned]) {
      for (const [method, route, json] of ADMIN_ROUTES) {
        const path = route.replace('PERSON', target.id);
        const res = await who.request(method, path, json === undefined ? {} : { json });
        await expectError(res, 403, 'FORBIDDEN');
      }
    }
  });

  it('lets an operator named in ADMIN_EMAILS in, and records that the list made them one', async () => {
    const me = adminMeSchema.parse(await (await listed.get('/api/admin/me')).json());
    expect(me.email).toBe(listedEmail);
    const stored = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, me.id));
    expect(stored[0]?.role).toBe('admin');
    const audit = auditPageSchema.parse(await (await listed.get(`/api/admin/audit?userId=${me.id}`)).json());
    expect(audit.entries.map((e) => [e.action, e.actorEmail, e.after])).toEqual([
      ['operator.grant', 'ADMIN_EMAILS', { role: 'admin' }],
    ]);
    // Person routes on nobody: past the guard, the person is not found.
    for (const [method, route, json] of ADMIN_ROUTES) {
      const path = route.replace('PERSON', 'nobody-at-all');
      const res = await listed.request(method, path, json === undefined ? {} : { json });
      if (path.includes('no-such-thing')) await expectError(res, 404, 'NOT_FOUND');
      else if (path.includes('nobody-at-all')) await expectError(res, 404, 'USER_NOT_FOUND');
      // This app runs no job queue (admin-jobs.test.ts has one).
      else if (path.startsWith('/api/admin/jobs')) await expectError(res, 503, 'SERVICE_UNAVAILABLE');
      else {
        expect(res.status, `${method} ${path}`).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('lets an operator made by the command in', async () => {
    const res = await commanded.get('/api/admin/me');
    expect(res.status).toBe(200);
    const me = adminMeSchema.parse(await res.json());
    expect(me.operators).toBeGreaterThanOrEqual(2);
  });

  it('does not make an unverified address in ADMIN_EMAILS an operator', async () => {
    const id = `unverified-${Date.now()}`;
    await deps.db.insert(users).values({ id, name: 'U', email: 'other@example.com', emailVerified: false });
    expect(await operatorStatus(deps.db, ['other@example.com'], id)).toBeNull();
    await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
    expect(await operatorStatus(deps.db, ['other@example.com'], id)).not.toBeNull();
    await deps.db.delete(users).where(eq(users.id, id));
  });

  it('a banned operator is shut out at once', async () => {
    const me = await idOf(commanded);
    await deps.db.update(users).set({ banned: true }).where(eq(users.id, me.id));
    await changesHeard(ctx.database);
    await expectError(await commanded.get('/api/admin/me'), 403, 'FORBIDDEN');
    await deps.db.update(users).set({ banned: false }).where(eq(users.id, me.id));
    expect((await commanded.get('/api/admin/me')).status).toBe(200);
  });

  it('reads the audit log newest first in keyset pages', async () => {
    const target = { id: `paged-${Date.now()}`, email: 'paged@example.com' };
    for (const used of [1, 2, 3]) {
      await recordAdminAction(deps.db, {
        actor: COMMAND_ACTOR,
        action: 'person.reset-credits',
        targetUser: target,
        before: { used },
        after: { used: 0 },
      });
    }
    const page = async (query: string) =>
      auditPageSchema.parse(await (await listed.get(`/api/admin/audit?userId=${target.id}&limit=2${query}`)).json());
    const first = await page('');
    expect(first.entries.map((e) => e.before)).toEqual([{ used: 3 }, { used: 2 }]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.before)).toEqual([{ used: 1 }]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad audit query with 400', async () => {
    await expectError(await listed.get('/api/admin/audit?limit=0'), 400, 'VALIDATION_FAILED');
    await expectError(await listed.get('/api/admin/audit?limit=abc'), 400, 'VALIDATION_FAILED');
    await expectError(await listed.get('/api/admin/audit?cursor=bad!'), 400, 'VALIDATION_FAILED');
    await expectError(await listed.get('/api/admin/audit?cursor=AAAA'), 400, 'VALIDATION_FAILED');
    await expectError(await listed.get('/api/admin/audit?other=1'), 400, 'VALIDATION_FAILED');
  });

  it("better-auth's own admin endpoints are not reachable over HTTP, not even for an operator", async () => {
    const target = await idOf(normal);
    for (const path of ['/api/auth/admin/ban-user', '/api/auth/admin/set-role', '/api/auth/admin/list-users']) {
      const res = await listed.post(path, { userId: target.id, role: 'admin' });
      expect(res.status, path).toBe(404);
    }
    const [row] = await deps.db
      .select({ role: users.role, banned: users.banned })
      .from(users)
      .where(eq(users.id, target.id));
    expect(row).toEqual({ role: 'user', banned: false });
  });

  it('the last operator cannot remove their own role', async () => {
    // Two operators here (listed, commanded): one may go, the last may not.
    const a = await idOf(listed);
    const b = await idOf(commanded);
    expect(await setOperatorRole(deps.db, COMMAND_ACTOR, b, false)).toEqual({ changed: true });
    await expect(setOperatorRole(deps.db, { id: a.id, email: a.email }, a, false)).rejects.toMatchObject({
      code: 'LAST_OPERATOR',
    });
    await setOperatorRole(deps.db, COMMAND_ACTOR, b, true);
  });
});

describeEachDatabase('the audit log', { exercises: [] }, (ctx) => {
  it('keeps what is written: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const deps = createTestDeps(ctx.database);
    await recordAdminAction(deps.db, {
      actor: COMMAND_ACTOR,
      action: 'person.reset-credits',
      targetUser: { id: 'u1', email: 'a@example.com' },
      before: { used: 10 },
      after: { used: 0 },
    });
    const [row] = await deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, 'u1'));
    expect(row).toMatchObject({ actorEmail: 'command', action: 'person.reset-credits', after: { used: 0 } });
    await expect(
      deps.db.update(adminAuditLog).set({ action: 'x' }).where(eq(adminAuditLog.targetUserId, 'u1')),
    ).rejects.toThrow();
    await expect(deps.db.delete(adminAuditLog).where(eq(adminAuditLog.targetUserId, 'u1'))).rejects.toThrow();
    await expect(deps.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    const after = await deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, 'u1'));
    expect(after).toHaveLength(1);
    expect(after[0]?.action).toBe('person.reset-credits');
  });
});

describe('ADMIN_EMAILS', () => {
  it('is parsed as lower-case addresses and refuses anything else', async () => {
    const { loadEnv } = await import('../src/env.ts');
    expect(loadEnv({ ADMIN_EMAILS: ' A@Example.com,b@example.com ,' }).ADMIN_EMAILS).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    expect(loadEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(() => loadEnv({ ADMIN_EMAILS: 'not-an-address' })).toThrow(/ADMIN_EMAILS/);
  });
});
