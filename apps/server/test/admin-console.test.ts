/**
 * The console's Usage, Money and Models routes (issue 28 parts 3, 4, 6): 403 for everyone but an
 * operator, clear 4xx on bad input, and the two actions (a refund retried, the model check run)
 * written to the audit log.
 */
import { type StripeFake, startStripeFake } from '@polymath/provider-fakes';
import {
  modelStatusListSchema,
  moneyReportSchema,
  refundPageSchema,
  refundSchema,
  usageReportSchema,
  webhookFailurePageSchema,
} from '@polymath/shared/admin/console.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { adminAuditLog, users } from '../src/db/schema/index.ts';
import {
  AUTH_TEST_ENV,
  captureMailer,
  changesHeard,
  client,
  expectError,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { stripeTestEnv } from './billing-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

const CONSOLE_ROUTES: [method: string, path: string, json?: unknown][] = [
  ['GET', '/api/admin/usage'],
  ['GET', '/api/admin/usage.csv?days=7&by=tool'],
  ['GET', '/api/admin/money'],
  ['GET', '/api/admin/money/refunds'],
  ['POST', '/api/admin/money/refunds/1/retry', {}],
  ['GET', '/api/admin/money/webhook-failures'],
  ['GET', '/api/admin/models'],
  ['POST', '/api/admin/models/check', {}],
];

let stripe: StripeFake;
beforeAll(async () => {
  stripe = await startStripeFake({
    prices: {
      price_week: { unit_amount: 699, currency: 'usd', interval: 'week', interval_count: 1 },
      price_monthly: { unit_amount: 1999, currency: 'usd', interval: 'month', interval_count: 1 },
      price_3month: { unit_amount: 3999, currency: 'usd', interval: 'month', interval_count: 3 },
      price_yearly: { unit_amount: 5499, currency: 'usd', interval: 'year', interval_count: 1 },
    },
  });
});
afterAll(async () => {
  await stripe?.close();
});

describeEachDatabase('operator console: usage, money and models routes', { exercises: [] }, (ctx) => {
  const operatorEmail = uniqueEmail('ops');
  let app: App;
  let visitor: TestClient;
  let normal: TestClient;
  let banned: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    const mailer = captureMailer();
    const env = { ...AUTH_TEST_ENV, ...stripeTestEnv(stripe.url), ADMIN_EMAILS: operatorEmail };
    app = createTestApp(ctx.database, { env, mailer });
    visitor = client(app);
    normal = await signedInUser(app, mailer);
    banned = await signedInUser(app, mailer);
    operator = await signedInUser(app, mailer, operatorEmail);
    const bannedId = ((await (await banned.get('/api/me')).json()) as { id: string }).id;
    await ctx.database.db.update(users).set({ banned: true, banReason: 'test' }).where(eq(users.id, bannedId));
    await changesHeard(ctx.database);
  });

  it('answers 403 FORBIDDEN on every route to a visitor, a normal person and a banned one', async () => {
    for (const who of [visitor, normal, banned]) {
      for (const [method, path, json] of CONSOLE_ROUTES) {
        const res = await who.request(method, path, json === undefined ? {} : { json });
        await expectError(res, 403, 'FORBIDDEN');
      }
    }
  });

  it('gives an operator the usage report and its CSV', async () => {
    const res = await operator.get('/api/admin/usage?days=14&by=plan');
    expect(res.status).toBe(200);
    const report = usageReportSchema.parse(await res.json());
    expect(report).toMatchObject({ by: 'plan' });
    expect(report.days).toHaveLength(14);
    const csv = await operator.get('/api/admin/usage.csv?days=7&by=tool');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="usage-by-tool-.*\.csv"$/);
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^day,tool,messages,input_tokens,output_tokens,/);
  });

  it('refuses bad input with a clear 400', async () => {
    for (const path of [
      '/api/admin/usage?days=0',
      '/api/admin/usage?days=91',
      '/api/admin/usage?by=person',
      '/api/admin/usage?days=abc',
      '/api/admin/usage?extra=1',
      '/api/admin/money?days=1000',
      '/api/admin/money/refunds?status=lost',
      '/api/admin/money/refunds?limit=0',
      '/api/admin/money/refunds?cursor=bm90LWEtY3Vyc29y',
      '/api/admin/money/refunds?cursor=%3Cscript%3E',
      '/api/admin/money/webhook-failures?limit=101',
    ]) {
      await expectError(await operator.get(path), 400, 'VALIDATION_FAILED');
    }
    await expectError(await operator.post('/api/admin/money/refunds/abc/retry', {}), 400, 'VALIDATION_FAILED');
    await expectError(await operator.post('/api/admin/money/refunds/424242/retry', {}), 404, 'NOT_FOUND');
  });

  it('money: the report, refunds and webhook failures; a retried refund is in the audit log', async () => {
    moneyReportSchema.parse(await (await operator.get('/api/admin/money?days=30')).json());
    webhookFailurePageSchema.parse(await (await operator.get('/api/admin/money/webhook-failures')).json());
    const [person] = await ctx.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.banned, true));
    await ctx.database.db.execute(sql`insert into refunds (provider, subscription_id, user_id, payment, amount, currency, status, reason)
      values ('stripe', 'sub_console', ${person?.id}, 'pi_console_unknown', 699, 'usd', 'refused', 'charge_disputed: disputed')`);
    const page = refundPageSchema.parse(await (await operator.get('/api/admin/money/refunds?status=refused')).json());
    const refund = page.items.find((r) => r.payment === 'pi_console_unknown');
    expect(refund).toMatchObject({ status: 'refused', reason: 'charge_disputed: disputed', attempts: 1 });

    // Stripe refuses again (it has no such payment): the answer and its reason are stored.
    const retried = await operator.post(`/api/admin/money/refunds/${refund?.id}/retry`, {});
    expect(retried.status).toBe(200);
    const after = refundSchema.parse(await retried.json());
    expect(after).toMatchObject({ status: 'refused', attempts: 2 });
    expect(after.reason).not.toBe('charge_disputed: disputed');
    const [entry] = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'refund.retry'));
    expect(entry).toMatchObject({
      actorEmail: operatorEmail,
      target: `refund/${refund?.id}`,
      targetUserId: person?.id,
      targetEmail: person?.email,
      before: { status: 'refused', reason: 'charge_disputed: disputed', attempts: 1 },
    });
    expect(entry?.after).toMatchObject({ status: 'refused', attempts: 2 });
  });

  it('models: every catalogue model with its key and check; running the check is audited', async () => {
    const list = modelStatusListSchema.parse(await (await operator.get('/api/admin/models')).json());
    expect(list.models.map((m) => m.id)).toContain('gpt-4o-mini');
    // No provider keys in this server: nothing can be checked, nothing is hidden.
    expect(list.models.every((m) => !m.keySet && m.served === null && !m.hidden)).toBe(true);
    const checked = await operator.post('/api/admin/models/check', {});
    expect(checked.status).toBe(200);
    modelStatusListSchema.parse(await checked.json());
    const entries = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'models.check'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: operatorEmail, after: { hidden: [] } });
  });
});
