import type { ProviderFakes } from '@polymath/provider-fakes';
import { subscriptionResponseSchema } from '@polymath/shared';
import {
  type AuditPage,
  auditPageSchema,
  type PeoplePage,
  type PersonDetail,
  peoplePageSchema,
  personDetailSchema,
} from '@polymath/shared/admin/admin.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { adminAuditLog, sessions, users } from '../src/db/schema/index.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  PASSWORD,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { buyThroughSandbox } from './billing-helpers.ts';
import { chat, newId, providerEnv, sendBody, startProviderFakes } from './chat-helpers.ts';
import { createTestApp, createTestDeps, describeEachDatabase } from './databases.ts';
import { profileOf, seedDocument, seedImage, seedMessage, seedThread, seedWhatsAppLink } from './sharing-helpers.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

async function ok<T>(res: Response, parse: (v: unknown) => T, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return parse(await res.json());
}

describeEachDatabase('operator console: people', { exercises: ['notifications'] }, (ctx) => {
  const operatorEmail = uniqueEmail('op');
  let app: App;
  let deps: AppDeps;
  let mailer: CaptureMailer;
  let operator: TestClient;
  let operatorId: string;

  const page = async (id: string) =>
    ok(await operator.get(`/api/admin/people/${id}`), (v) => personDetailSchema.parse(v));
  const act = async (id: string, action: string, body: unknown = {}): Promise<PersonDetail> =>
    ok(await operator.post(`/api/admin/people/${id}/${action}`, body), (v) => personDetailSchema.parse(v));
  const auditOf = async (id: string): Promise<AuditPage> =>
    ok(await operator.get(`/api/admin/audit?userId=${id}`), (v) => auditPageSchema.parse(v));
  const person = async (email = uniqueEmail('person')) => {
    const c = await signedInUser(app, mailer, email);
    const { id } = await profileOf(c);
    return { c, id, email };
  };

  beforeAll(async () => {
    mailer = captureMailer();
    const env = {
      ...AUTH_TEST_ENV,
      ...providerEnv(fakes),
      FREE_DAILY_MESSAGES: '2',
      CHAT_RATE_LIMIT_MAX: '1000',
      ADMIN_EMAILS: operatorEmail,
    };
    deps = createTestDeps(ctx.database, { env, mailer });
    app = createTestApp(ctx.database, { env, mailer, files: deps.files });
    operator = await signedInUser(app, mailer, operatorEmail);
    operatorId = (await ok(await operator.get('/api/admin/me'), (v) => v as { id: string })).id;
  });

  it('finds people by part of their email or name, newest first, in keyset pages', async () => {
    const tag = newId('zq')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
    const a = await person(`${tag}-a@example.com`);
    const b = await person(`${tag}-b@example.com`);
    const search = async (query: string): Promise<PeoplePage> =>
      ok(await operator.get(`/api/admin/people?${query}`), (v) => peoplePageSchema.parse(v));
    const all = await search(`q=${tag.toUpperCase()}`);
    expect(all.people.map((p) => p.email)).toEqual([b.email, a.email]);
    expect(all.people[0]).toMatchObject({ plan: 'free', operator: false, banned: false });
    expect(all.nextCursor).toBeNull();
    const first = await search(`q=${tag}&limit=1`);
    expect(first.people.map((p) => p.id)).toEqual([b.id]);
    const second = await search(`q=${tag}&limit=1&cursor=${first.nextCursor}`);
    expect(second.people.map((p) => p.id)).toEqual([a.id]);
    expect(second.nextCursor).toBeNull();
    // By name (everyone signs up as Ada Lovelace here): the operator is among them.
    expect((await search('q=lovelace&limit=100')).people.length).toBeGreaterThan(1);
    // LIKE's own characters are text, not patterns.
    expect((await search('q=%25')).people).toEqual([]);
    await expectError(await operator.get('/api/admin/people?cursor=nope!'), 400, 'VALIDATION_FAILED');
    await expectError(await operator.get('/api/admin/people?cursor=bm9wZQ'), 400, 'VALIDATION_FAILED');
    await expectError(await operator.get('/api/admin/people?limit=1000'), 400, 'VALIDATION_FAILED');
    await expectError(await operator.get(`/api/admin/people?q=${'x'.repeat(201)}`), 400, 'VALIDATION_FAILED');
  });

  it("shows a person's plan, credits, counts, sign-ins, WhatsApp number and sessions", async () => {
    const p = await person();
    const thread = await seedThread(deps.db, p.id);
    await seedMessage(deps.db, p.id, thread, 'user', [{ type: 'text', text: 'Hello' }]);
    const answer = await seedMessage(deps.db, p.id, thread, 'assistant', [{ type: 'text', text: 'Hi' }]);
    await seedImage(deps.db, deps.files, p.id, { threadId: thread, answerId: answer, prompt: 'a cat' });
    await seedDocument(deps.db, deps.files, p.id, 'Budget.pdf');
    const phone = await seedWhatsAppLink(deps.db, p.id);
    const detail = await page(p.id);
    expect(detail).toMatchObject({
      id: p.id,
      email: p.email,
      plan: 'free',
      banned: false,
      operator: false,
      subscription: null,
      proGrantedUntil: null,
      credits: { used: 0, dailyLimit: 2, remaining: 2 },
      counts: { threads: 1, messages: 2, images: 1, documents: 1 },
      whatsapp: { phone },
    });
    expect(detail.documents.map((d) => d.name)).toEqual(['Budget.pdf']);
    expect(detail.signIns.map((s) => s.provider)).toEqual(['credential']);
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toMatch(/token/i);
    expect(new Date(detail.credits.resetsAt).getUTCHours()).toBe(0);
    await expectError(await operator.get('/api/admin/people/no-such-person'), 404, 'USER_NOT_FOUND');
    await expectError(await operator.get('/api/admin/people/bad%20id'), 404, 'USER_NOT_FOUND');
  });

  it('granted Pro lets the person use a Pro model at once, marked as granted, and is audited', async () => {
    const p = await person();
    await expectError(await p.c.post('/api/chat', sendBody(newId('t'), 'Hi', 'gpt-4o')), 403, 'MODEL_REQUIRES_PRO');
    const before = Date.now();
    const detail = await act(p.id, 'grant-pro', { days: 7 });
    expect(detail.plan).toBe('pro');
    const until = new Date(detail.proGrantedUntil ?? 0).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(until).toBeLessThan(Date.now() + 7 * 86_400_000 + 1000);
    expect(detail.subscription).toBeNull();
    expect((await profileOf(p.c)).accessLevel).toBe('pro');
    const { res } = await chat(p.c, sendBody(newId('t'), 'Hi [[fake tokens=2]]', 'gpt-4o'));
    expect(res.status).toBe(200);
    // A second grant adds to the first.
    const again = await act(p.id, 'grant-pro', { days: 1 });
    expect(new Date(again.proGrantedUntil ?? 0).getTime()).toBe(until + 86_400_000);
    const audit = await auditOf(p.id);
    expect(audit.entries.map((e) => [e.action, e.actorEmail, e.targetEmail])).toEqual([
      ['person.grant-pro', operatorEmail, p.email],
      ['person.grant-pro', operatorEmail, p.email],
    ]);
    expect(audit.entries[1]).toMatchObject({
      actorId: operatorId,
      before: { proGrantedUntil: null },
      after: { proGrantedUntil: new Date(until).toISOString(), days: 7 },
    });
  });

  it("the person's My Plan answer says until when Pro was granted, with or without a subscription", async () => {
    const mine = async (c: TestClient) =>
      ok(await c.get('/api/billing/subscription'), (v) => subscriptionResponseSchema.parse(v));
    const p = await person();
    expect(await mine(p.c)).toEqual({ subscription: null, proGrantedUntil: null });
    const granted = await act(p.id, 'grant-pro', { days: 30 });
    const stored = await deps.db.select({ until: users.proGrantedUntil }).from(users).where(eq(users.id, p.id));
    expect(stored[0]?.until?.toISOString()).toBe(granted.proGrantedUntil);
    expect(await mine(p.c)).toEqual({ subscription: null, proGrantedUntil: granted.proGrantedUntil });

    // Beside a paid subscription, and in the answers of cancel and resume, which replace it on the page.
    const subscribed = await person();
    await buyThroughSandbox(subscribed.c, 'monthly');
    const grant = await act(subscribed.id, 'grant-pro', { days: 3 });
    expect(await mine(subscribed.c)).toMatchObject({
      subscription: { status: 'active', entitled: true },
      proGrantedUntil: grant.proGrantedUntil,
    });
    const cancelled = await ok(await subscribed.c.post('/api/billing/cancel', {}), (v) =>
      subscriptionResponseSchema.parse(v),
    );
    expect(cancelled).toMatchObject({
      subscription: { cancelAtPeriodEnd: true },
      proGrantedUntil: grant.proGrantedUntil,
    });

    // An ended grant is not mentioned.
    await deps.db
      .update(users)
      .set({ proGrantedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, p.id));
    expect(await mine(p.c)).toEqual({ subscription: null, proGrantedUntil: null });
  });

  it('refuses bad input to an action with a clear 4xx and changes nothing', async () => {
    const p = await person();
    for (const body of [{ days: 0 }, { days: 367 }, { days: 1.5 }, { days: '7' }, {}, { days: 7, extra: 1 }]) {
      await expectError(await operator.post(`/api/admin/people/${p.id}/grant-pro`, body), 400, 'VALIDATION_FAILED');
    }
    const plain = await operator.request('POST', `/api/admin/people/${p.id}/grant-pro`, {
      body: 'days=7',
      headers: { 'content-type': 'text/plain' },
    });
    await expectError(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectError(
      await operator.post(`/api/admin/people/${p.id}/ban`, { reason: 'x'.repeat(201) }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(
      await operator.post(`/api/admin/people/${p.id}/reset-credits`, { all: true }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(
      await operator.post('/api/admin/people/nobody-here/grant-pro', { days: 3 }),
      404,
      'USER_NOT_FOUND',
    );
    expect((await page(p.id)).plan).toBe('free');
    expect((await auditOf(p.id)).entries).toEqual([]);
  });

  it("resetting today's credits lets a person who ran out chat again", async () => {
    const p = await person();
    for (let i = 0; i < 2; i++)
      expect((await chat(p.c, sendBody(newId('t'), 'Hi [[fake tokens=1]]'))).res.status).toBe(200);
    await expectError(await p.c.post('/api/chat', sendBody(newId('t'), 'Hi')), 402, 'OUT_OF_CREDITS');
    expect((await page(p.id)).credits).toMatchObject({ used: 2, remaining: 0 });
    const detail = await act(p.id, 'reset-credits');
    expect(detail.credits).toMatchObject({ used: 0, remaining: 2 });
    expect((await chat(p.c, sendBody(newId('t'), 'Again [[fake tokens=1]]'))).res.status).toBe(200);
    const [entry] = (await auditOf(p.id)).entries;
    expect(entry).toMatchObject({ action: 'person.reset-credits', before: { used: 2 }, after: { used: 0 } });
  });

  it('signing a person out everywhere ends every session of theirs at once', async () => {
    const p = await person();
    const second = client(app);
    expect((await second.post('/api/auth/sign-in/email', { email: p.email, password: PASSWORD })).status).toBe(200);
    expect((await page(p.id)).sessions).toHaveLength(2);
    const detail = await act(p.id, 'sign-out-everywhere');
    expect(detail.sessions).toEqual([]);
    await expectError(await p.c.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await second.get('/api/me'), 401, 'UNAUTHORIZED');
    const [entry] = (await auditOf(p.id)).entries;
    expect(entry).toMatchObject({
      action: 'person.sign-out-everywhere',
      before: { sessions: 2 },
      after: { sessions: 0 },
    });
  });

  it('a ban ends their session at once and sign-in says why (ACCOUNT_BANNED); unban lets them back', async () => {
    const p = await person();
    expect((await p.c.get('/api/me')).status).toBe(200);
    const detail = await act(p.id, 'ban', { reason: 'Spam' });
    expect(detail).toMatchObject({ banned: true, banReason: 'Spam', sessions: [] });
    await expectError(await p.c.get('/api/me'), 401, 'UNAUTHORIZED');
    const again = await p.c.post('/api/auth/sign-in/email', { email: p.email, password: PASSWORD });
    const body = await expectError(again, 403, 'ACCOUNT_BANNED');
    expect(body.error.message).toBe('This account has been suspended. Contact support if you think this is a mistake.');
    const search = await ok(await operator.get(`/api/admin/people?q=${encodeURIComponent(p.email)}`), (v) =>
      peoplePageSchema.parse(v),
    );
    expect(search.people[0]?.banned).toBe(true);
    expect((await act(p.id, 'unban')).banned).toBe(false);
    expect((await p.c.post('/api/auth/sign-in/email', { email: p.email, password: PASSWORD })).status).toBe(200);
    expect((await p.c.get('/api/me')).status).toBe(200);
    const entries = (await auditOf(p.id)).entries;
    expect(entries.map((e) => e.action)).toEqual(['person.unban', 'person.ban']);
    expect(entries[1]).toMatchObject({
      before: { banned: false, sessions: 1 },
      after: { banned: true, banReason: 'Spam' },
    });
  });

  it('ban, unban and sign-out-everywhere are undone when their audit row cannot be written, and the other way round', async () => {
    const db = ctx.database.db;
    // The test database refuses the audit rows of people named audit-refused-…, and the ban or the
    // ended sessions of people named change-refused-…: each action must then leave no trace at all.
    await db.execute(sql`
      create function test_refuse_audit() returns trigger language plpgsql as $$
      begin
        if new.target_email like 'audit-refused-%' then raise exception 'audit row refused (test)'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger test_refuse_audit before insert on admin_audit_log
        for each row execute function test_refuse_audit()`);
    await db.execute(sql`
      create function test_refuse_change() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = old.user_id and email like 'change-refused-%') then
          raise exception 'session delete refused (test)';
        end if;
        return old;
      end $$`);
    await db.execute(sql`
      create trigger test_refuse_change before delete on sessions
        for each row execute function test_refuse_change()`);
    await db.execute(sql`
      create function test_refuse_ban() returns trigger language plpgsql as $$
      begin
        if new.email like 'change-refused-%' and new.banned is distinct from old.banned then
          raise exception 'ban change refused (test)';
        end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger test_refuse_ban before update on users for each row execute function test_refuse_ban()`);
    const stored = async (id: string) => {
      const [row] = await db
        .select({ banned: users.banned, banReason: users.banReason })
        .from(users)
        .where(eq(users.id, id));
      const live = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
      return { banned: row?.banned === true, banReason: row?.banReason ?? null, sessions: live.length };
    };
    try {
      // The audit row fails: the ban, the ended sessions and sign-out-everywhere are rolled back.
      const p = await person(uniqueEmail('audit-refused'));
      await expectError(
        await operator.post(`/api/admin/people/${p.id}/ban`, { reason: 'Spam' }),
        500,
        'INTERNAL_ERROR',
      );
      expect(await stored(p.id)).toEqual({ banned: false, banReason: null, sessions: 1 });
      expect((await p.c.get('/api/me')).status).toBe(200);
      await expectError(
        await operator.post(`/api/admin/people/${p.id}/sign-out-everywhere`, {}),
        500,
        'INTERNAL_ERROR',
      );
      expect(await stored(p.id)).toEqual({ banned: false, banReason: null, sessions: 1 });
      expect((await p.c.get('/api/me')).status).toBe(200);
      // Banned some other way, the unban is rolled back too.
      await db.update(users).set({ banned: true, banReason: 'Earlier' }).where(eq(users.id, p.id));
      await expectError(await operator.post(`/api/admin/people/${p.id}/unban`, {}), 500, 'INTERNAL_ERROR');
      expect((await stored(p.id)).banned).toBe(true);
      expect((await page(p.id)).banReason).toBe('Earlier');

      // The change fails: no audit row says it happened.
      const q = await person(uniqueEmail('change-refused'));
      await expectError(await operator.post(`/api/admin/people/${q.id}/ban`, {}), 500, 'INTERNAL_ERROR');
      expect(await stored(q.id)).toEqual({ banned: false, banReason: null, sessions: 1 });
      await expectError(
        await operator.post(`/api/admin/people/${q.id}/sign-out-everywhere`, {}),
        500,
        'INTERNAL_ERROR',
      );
      expect(await stored(q.id)).toEqual({ banned: false, banReason: null, sessions: 1 });
      expect((await q.c.get('/api/me')).status).toBe(200);
      expect((await auditOf(q.id)).entries).toEqual([]);
      expect((await auditOf(p.id)).entries).toEqual([]);
      const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, p.id));
      expect(rows).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger test_refuse_audit on admin_audit_log`);
      await db.execute(sql`drop trigger test_refuse_change on sessions`);
      await db.execute(sql`drop trigger test_refuse_ban on users`);
      await db.execute(sql`drop function test_refuse_audit(), test_refuse_change(), test_refuse_ban()`);
    }

    // The normal path writes both: the ban and its row.
    const r = await person();
    await act(r.id, 'ban', { reason: 'Spam' });
    expect(await stored(r.id)).toEqual({ banned: true, banReason: 'Spam', sessions: 0 });
    expect((await auditOf(r.id)).entries.map((e) => e.action)).toEqual(['person.ban']);
    await act(r.id, 'unban');
    expect(await stored(r.id)).toEqual({ banned: false, banReason: null, sessions: 0 });
    expect((await auditOf(r.id)).entries.map((e) => e.action)).toEqual(['person.unban', 'person.ban']);
  });

  it('an operator cannot ban or delete themselves, nor take the last operator role', async () => {
    await expectError(await operator.post(`/api/admin/people/${operatorId}/ban`, {}), 400, 'BAD_REQUEST');
    await expectError(await operator.delete(`/api/admin/people/${operatorId}`), 400, 'BAD_REQUEST');
    await expectError(
      await operator.post(`/api/admin/people/${operatorId}/operator`, { operator: false }),
      409,
      'LAST_OPERATOR',
    );
    expect((await operator.get('/api/admin/me')).status).toBe(200);
  });

  it('gives and takes the operator role, audited; the person sees the console then loses it', async () => {
    const p = await person();
    await expectError(await p.c.get('/api/admin/me'), 403, 'FORBIDDEN');
    expect((await act(p.id, 'operator', { operator: true })).operator).toBe(true);
    expect((await p.c.get('/api/admin/me')).status).toBe(200);
    expect((await act(p.id, 'operator', { operator: false })).operator).toBe(false);
    await expectError(await p.c.get('/api/admin/me'), 403, 'FORBIDDEN');
    expect((await auditOf(p.id)).entries.map((e) => e.action)).toEqual(['operator.revoke', 'operator.grant']);
  });

  it('deletes an account as its owner could, refused while a subscription renews', async () => {
    const subscribed = await person();
    await buyThroughSandbox(subscribed.c, 'monthly');
    await expectError(await operator.delete(`/api/admin/people/${subscribed.id}`), 409, 'SUBSCRIPTION_ACTIVE');
    expect((await page(subscribed.id)).subscription).toMatchObject({ provider: 'sandbox', status: 'active' });

    const p = await person();
    await seedThread(deps.db, p.id);
    const res = await operator.delete(`/api/admin/people/${p.id}`);
    expect(res.status).toBe(204);
    await expectError(await p.c.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await operator.get(`/api/admin/people/${p.id}`), 404, 'USER_NOT_FOUND');
    const entries = (await auditOf(p.id)).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'person.delete', targetEmail: p.email, before: { plan: 'free' } });
  });
});
