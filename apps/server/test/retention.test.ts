import { RETENTION } from '@polymath/shared';
import { type SQL, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  messages,
  pageViews,
  rateLimits,
  sessions,
  threads,
  users,
  whatsappInbound,
  whatsappOutbound,
  whatsappStatuses,
} from '../src/db/schema/index.ts';
import { deleteExpiredDataJob } from '../src/features/privacy/retention.job.ts';
import { purgeDeletedThreadsJob } from '../src/features/threads/threads.service.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { JobRun } from '../src/lib/queue/job.ts';
import { describeEachDatabase } from './databases.ts';

/** A time on the database's clock: `months`/`days` ago, then `minutes` more (negative: later). */
const ago = (unit: 'months' | 'days', n: number, minutes: number): SQL =>
  sql`now() - make_interval(${sql.raw(unit)} => ${n}::int) - make_interval(mins => ${minutes}::int)`;
/** Just past the period (a minute older than it) and just inside it (a minute younger). */
const PAST = 1;
const INSIDE = -1;

const run = { logger: createLogger('silent') } as unknown as JobRun;

describeEachDatabase('retention: the privacy policy periods are kept', (ctx) => {
  const db = () => ctx.database.db;
  const runJob = () => deleteExpiredDataJob(db()).handler({}, run);

  beforeEach(async () => {
    for (const table of [pageViews, rateLimits, sessions, whatsappInbound, whatsappOutbound, whatsappStatuses]) {
      await db().delete(table);
    }
    await db().delete(users);
  });

  it('is a scheduled job', () => {
    expect(deleteExpiredDataJob(db()).schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
  });

  it(`deletes exactly the page views older than ${RETENTION.pageViewMonths} months`, async () => {
    const months = RETENTION.pageViewMonths;
    await db()
      .insert(pageViews)
      .values([
        { path: '/past', createdAt: ago('months', months, PAST) },
        { path: '/long-past', createdAt: ago('months', months + 6, 0) },
        { path: '/inside', createdAt: ago('months', months, INSIDE) },
        { path: '/recent', createdAt: ago('days', 1, 0) },
      ]);
    await runJob();
    const left = await db().select({ path: pageViews.path }).from(pageViews);
    expect(left.map((r) => r.path).sort()).toEqual(['/inside', '/recent']);

    // A second pass finds nothing more to delete.
    await runJob();
    expect(await db().select({ path: pageViews.path }).from(pageViews)).toHaveLength(2);
  });

  it(`deletes sessions ended more than ${RETENTION.technicalRecordDays} days ago and old rate-limit counters, nothing live`, async () => {
    const days = RETENTION.technicalRecordDays;
    await db().insert(users).values({ id: 'u1', name: 'U', email: 'u1@example.com' });
    const session = (id: string, expiresAt: SQL | Date) => ({
      id,
      token: `token-${id}`,
      userId: 'u1',
      expiresAt,
      ipAddress: '203.0.113.9',
      userAgent: 'Browser',
    });
    await db()
      .insert(sessions)
      .values([
        session('ended-past', ago('days', days, PAST)),
        session('ended-inside', ago('days', days, INSIDE)),
        session('ended-yesterday', ago('days', 1, 0)),
        session('live', new Date(Date.now() + 86_400_000)),
      ]);
    // The counters keep milliseconds on the app's clock (better-auth's), which is this machine's.
    const nowMs = Date.now();
    const dayMs = 86_400_000;
    await db()
      .insert(rateLimits)
      .values([
        { id: 'r-past', key: '203.0.113.9/sign-in/email', count: 3, lastRequest: nowMs - days * dayMs - 60_000 },
        { id: 'r-inside', key: '203.0.113.9/sign-up/email', count: 1, lastRequest: nowMs - days * dayMs + 60_000 },
        { id: 'r-now', key: '198.51.100.7/sign-in/email', count: 1, lastRequest: nowMs },
      ]);

    await runJob();
    const leftSessions = await db().select({ id: sessions.id }).from(sessions);
    expect(leftSessions.map((r) => r.id).sort()).toEqual(['ended-inside', 'ended-yesterday', 'live']);
    const leftLimits = await db().select({ id: rateLimits.id }).from(rateLimits);
    expect(leftLimits.map((r) => r.id).sort()).toEqual(['r-inside', 'r-now']);
    // The user is untouched.
    expect(await db().select({ id: users.id }).from(users)).toEqual([{ id: 'u1' }]);
  });

  it(`deletes WhatsApp delivery records older than ${RETENTION.technicalRecordDays} days, except ones still waiting for their job`, async () => {
    const days = RETENTION.technicalRecordDays;
    const inbound = (id: string, receivedAt: SQL, state: string) => ({
      id,
      phone: '+905551112233',
      type: 'text',
      body: { text: { body: 'hello' } },
      sentAt: receivedAt,
      receivedAt,
      state,
      userId: null,
    });
    await db()
      .insert(whatsappInbound)
      .values([
        inbound('in-past', ago('days', days, PAST), 'handled'),
        inbound('in-past-unhandled', ago('days', days, PAST), 'received'),
        inbound('in-inside', ago('days', days, INSIDE), 'handled'),
      ]);
    const outbound = (id: string, createdAt: SQL, state: string) => ({
      id,
      phone: '+905551112233',
      text: 'hi there',
      state,
      createdAt,
    });
    await db()
      .insert(whatsappOutbound)
      .values([
        outbound('out-past', ago('days', days, PAST), 'sent'),
        outbound('out-past-pending', ago('days', days, PAST), 'pending'),
        outbound('out-inside', ago('days', days, INSIDE), 'sent'),
      ]);
    const status = (messageId: string, receivedAt: SQL) => ({
      messageId,
      status: 'delivered',
      at: receivedAt,
      recipient: '905551112233',
      receivedAt,
    });
    await db()
      .insert(whatsappStatuses)
      .values([status('wamid.past', ago('days', days, PAST)), status('wamid.inside', ago('days', days, INSIDE))]);

    await runJob();
    const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id).sort();
    expect(await ids(db().select({ id: whatsappInbound.id }).from(whatsappInbound))).toEqual([
      'in-inside',
      'in-past-unhandled',
    ]);
    expect(await ids(db().select({ id: whatsappOutbound.id }).from(whatsappOutbound))).toEqual([
      'out-inside',
      'out-past-pending',
    ]);
    expect(await ids(db().select({ id: whatsappStatuses.messageId }).from(whatsappStatuses))).toEqual(['wamid.inside']);
  });

  it(`the scheduled purge deletes exactly the chats deleted more than ${RETENTION.deletedChatDays} days ago, with their messages`, async () => {
    const purge = purgeDeletedThreadsJob(db());
    expect(purge.schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    const days = RETENTION.deletedChatDays;
    await db().insert(users).values({ id: 'u1', name: 'U', email: 'u1@example.com' });
    const thread = (id: string, deletedAt: SQL | null) => ({
      id,
      userId: 'u1',
      toolId: 'chat',
      title: id,
      modelId: 'gpt-4o-mini',
      // Created long ago: only the deletion's age counts.
      createdAt: ago('days', days * 3, 0),
      updatedAt: ago('days', days * 3, 0),
      deletedAt,
    });
    await db()
      .insert(threads)
      .values([
        thread('deleted-past', ago('days', days, PAST)),
        thread('deleted-long-past', ago('days', days * 2, 0)),
        thread('deleted-inside', ago('days', days, INSIDE)),
        thread('deleted-today', ago('days', 0, 5)),
        thread('kept', null),
      ]);
    await db()
      .insert(messages)
      .values(
        ['deleted-past', 'deleted-inside', 'kept'].map((threadId) => ({
          id: `m-${threadId}`,
          threadId,
          userId: 'u1',
          role: 'user',
          parts: [{ type: 'text', text: 'hello' }],
          text: 'hello',
        })),
      );

    await purge.handler({}, run);
    const left = await db().select({ id: threads.id }).from(threads);
    expect(left.map((r) => r.id).sort()).toEqual(['deleted-inside', 'deleted-today', 'kept']);
    const leftMessages = await db().select({ id: messages.id }).from(messages);
    expect(leftMessages.map((r) => r.id).sort()).toEqual(['m-deleted-inside', 'm-kept']);

    // A second pass finds nothing more to delete; the daily retention job leaves chats to this one.
    await purge.handler({}, run);
    await runJob();
    expect(await db().select({ id: threads.id }).from(threads)).toHaveLength(3);
  });
});
