import type { BanInput, PeoplePage, PersonDetail, PersonSummary } from '@polymath/shared/admin/admin.schema';
import { and, count, desc, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { afterCursor, type Cursor, decodeCursor, encodeCursor, keysetTime } from '../../db/keyset.ts';
import {
  accounts,
  creditUsage,
  documents,
  images,
  messages,
  sessions,
  subscriptions,
  threads,
  users,
  whatsappLinks,
} from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { deleteAccount } from '../account/index.ts';
import { type PlanFacts, paymentModeOf, planAt } from '../billing/index.ts';
import { creditDay, nextResetAt } from '../credits/index.ts';
import { type AdminActor, recordAdminAction } from './audit-log.ts';
import { OPERATOR_ROLE } from './operators.ts';

const DAY_MS = 86_400_000;
/** The person's newest PDFs the page lists. */
const DOCUMENTS_SHOWN = 20;

type PlanEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>;

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  displayName: users.displayName,
  createdAt: users.createdAt,
  cursorTime: keysetTime(users.createdAt),
  role: users.role,
  banned: users.banned,
  banExpires: users.banExpires,
  accessLevel: users.accessLevel,
  proGrantedUntil: users.proGrantedUntil,
  subscriptionProvider: subscriptions.provider,
  subscriptionStatus: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
};

type SummaryRow = {
  id: string;
  email: string;
  name: string;
  displayName: string | null;
  createdAt: Date;
  role: string | null;
  banned: boolean | null;
  banExpires: Date | null;
  accessLevel: string;
  proGrantedUntil: Date | null;
  subscriptionProvider: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
};

function factsOf(row: SummaryRow): PlanFacts {
  return {
    accessLevel: row.accessLevel,
    proGrantedUntil: row.proGrantedUntil,
    subscription:
      row.subscriptionProvider && row.subscriptionStatus && row.currentPeriodEnd
        ? {
            provider: row.subscriptionProvider,
            status: row.subscriptionStatus,
            currentPeriodEnd: row.currentPeriodEnd,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd === true,
          }
        : null,
  };
}

const isBanned = (row: Pick<SummaryRow, 'banned' | 'banExpires'>, now: number) =>
  row.banned === true && (row.banExpires === null || row.banExpires.getTime() > now);

function toSummary(row: SummaryRow, env: PlanEnv, now: number): PersonSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
    plan: planAt(factsOf(row), paymentModeOf(env), now),
    operator: row.role === OPERATOR_ROLE,
    banned: isBanned(row, now),
  };
}

/** `%text%` for LIKE, with the pattern's own characters escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * People, newest accounts first, in keyset pages by (created_at, id). `q` matches a part of the
 * email, the name or the display name, case-insensitively; an address (with @) matches emails only.
 */
export async function searchPeople(
  db: Db,
  env: PlanEnv,
  options: { q?: string | undefined; cursor?: string | undefined; limit: number },
  now = Date.now(),
): Promise<PeoplePage> {
  const where: SQL[] = [];
  let cursor: Cursor | null = null;
  if (options.cursor !== undefined) {
    cursor = decodeCursor(options.cursor);
    if (!cursor) throw badCursor();
    where.push(afterCursor(users.createdAt, users.id, cursor));
  }
  const q = options.q?.trim();
  if (q) {
    const pattern = containing(q);
    where.push(
      q.includes('@')
        ? ilike(users.email, pattern)
        : (or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.displayName, pattern)) as SQL),
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    people: page.map((r) => toSummary(r, env, now)),
    nextCursor: rows.length > options.limit && last ? encodeCursor({ time: last.cursorTime, id: last.id }) : null,
  };
}

function badCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'This cursor is not one of ours.', {
    fields: [{ path: 'cursor', message: 'Invalid cursor' }],
  });
}

async function summaryRow(
  db: Db,
  userId: string,
): Promise<SummaryRow & { emailVerified: boolean; locale: string; banReason: string | null }> {
  const [row] = await db
    .select({ ...summaryColumns, emailVerified: users.emailVerified, locale: users.locale, banReason: users.banReason })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** A person's page (404 USER_NOT_FOUND when there is no such person). */
export async function getPerson(
  db: Db,
  env: PlanEnv & Pick<Env, 'FREE_DAILY_MESSAGES'>,
  userId: string,
  now = Date.now(),
): Promise<PersonDetail> {
  const row = await summaryRow(db, userId);
  const summary = toSummary(row, env, now);
  const today = new Date(now);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [credit] = await db
    .select({ used: creditUsage.used })
    .from(creditUsage)
    .where(and(eq(creditUsage.userId, userId), eq(creditUsage.day, creditDay(today))));
  const countOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const [threadCount, messageCount, imageCount, documentCount] = await Promise.all([
    countOf(
      db
        .select({ n: count() })
        .from(threads)
        .where(and(eq(threads.userId, userId), isNull(threads.deletedAt))),
    ),
    countOf(db.select({ n: count() }).from(messages).where(eq(messages.userId, userId))),
    countOf(
      db
        .select({ n: count() })
        .from(images)
        .where(and(eq(images.userId, userId), isNull(images.deletedAt))),
    ),
    countOf(db.select({ n: count() }).from(documents).where(eq(documents.userId, userId))),
  ]);
  const docs = await db
    .select({
      id: documents.id,
      name: documents.name,
      pageCount: documents.pageCount,
      status: documents.status,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt))
    .limit(DOCUMENTS_SHOWN);
  const signIns = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt);
  const [link] = await db
    .select({ phone: whatsappLinks.phone, linkedAt: whatsappLinks.linkedAt })
    .from(whatsappLinks)
    .where(eq(whatsappLinks.userId, userId));
  const live = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, today)))
    .orderBy(desc(sessions.createdAt));
  const used = Number(credit?.used ?? 0);
  const pro = summary.plan === 'pro';
  return {
    ...summary,
    emailVerified: row.emailVerified,
    locale: row.locale,
    banReason: summary.banned ? row.banReason : null,
    banExpires: summary.banned && row.banExpires ? row.banExpires.toISOString() : null,
    proGrantedUntil:
      row.proGrantedUntil && row.proGrantedUntil.getTime() > now ? row.proGrantedUntil.toISOString() : null,
    subscription: sub
      ? {
          provider: sub.provider,
          period: sub.period,
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    credits: {
      used,
      dailyLimit: pro ? null : env.FREE_DAILY_MESSAGES,
      remaining: pro ? null : Math.max(env.FREE_DAILY_MESSAGES - used, 0),
      resetsAt: nextResetAt(today).toISOString(),
    },
    counts: { threads: threadCount, messages: messageCount, images: imageCount, documents: documentCount },
    documents: docs.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    signIns: signIns.map((s) => ({ provider: s.provider, createdAt: s.createdAt.toISOString() })),
    whatsapp: link ? { phone: link.phone, linkedAt: link.linkedAt.toISOString() } : null,
    sessions: live.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
  };
}

type Person = { id: string; email: string };

async function personOf(db: Db, userId: string): Promise<Person & { proGrantedUntil: Date | null }> {
  const [row] = await db
    .select({ id: users.id, email: users.email, proGrantedUntil: users.proGrantedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * Pro for `days` days without payment, from now or from the end of Pro granted before (whichever is
 * later). planAt gives Pro until then; the page and the audit log mark it as granted.
 */
export async function grantPro(db: Db, actor: AdminActor, userId: string, days: number, now = Date.now()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, until: users.proGrantedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw new AppError('USER_NOT_FOUND');
    const from = Math.max(now, row.until?.getTime() ?? 0);
    const until = new Date(from + days * DAY_MS);
    await tx
      .update(users)
      .set({ proGrantedUntil: until, updatedAt: new Date(now) })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actor,
      action: 'person.grant-pro',
      targetUser: row,
      before: { proGrantedUntil: row.until && row.until.getTime() > now ? row.until.toISOString() : null },
      after: { proGrantedUntil: until.toISOString(), days },
    });
    return { proGrantedUntil: until.toISOString() };
  });
}

/** Today's free messages back to none used. */
export async function resetCredits(db: Db, actor: AdminActor, userId: string, now = Date.now()) {
  const person = await personOf(db, userId);
  const day = creditDay(new Date(now));
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ used: creditUsage.used })
      .from(creditUsage)
      .where(and(eq(creditUsage.userId, userId), eq(creditUsage.day, day)))
      .for('update');
    await tx
      .update(creditUsage)
      .set({ used: 0 })
      .where(and(eq(creditUsage.userId, userId), eq(creditUsage.day, day)));
    await recordAdminAction(tx, {
      actor,
      action: 'person.reset-credits',
      targetUser: { id: person.id, email: person.email },
      before: { day, used: Number(before?.used ?? 0) },
      after: { day, used: 0 },
    });
  });
}

/** A database transaction (the actions below change and audit in one). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function liveSessionCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return Number(row?.n ?? 0);
}

/** The person's row, locked until the transaction ends, with their ban as it is. */
async function lockedPerson(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, banned: users.banned, banReason: users.banReason })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * Ends every session of the person, as the admin plugin's revokeUserSessions does here (sessions
 * live only in the database: no secondary storage, no cookie cache, no session hooks): the rows go,
 * and migration 0008's triggers tell every instance's session cache when the transaction commits.
 */
async function endSessions(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Ends every session of the person, with its audit row in the same transaction: both or neither.
 */
export async function signOutEverywhere(db: Db, actor: AdminActor, userId: string) {
  await db.transaction(async (tx) => {
    const person = await lockedPerson(tx, userId);
    const before = await liveSessionCount(tx, userId);
    await endSessions(tx, userId);
    await recordAdminAction(tx, {
      actor,
      action: 'person.sign-out-everywhere',
      targetUser: { id: person.id, email: person.email },
      before: { sessions: before },
      after: { sessions: 0 },
    });
  });
}

/**
 * Bans the person: they cannot sign in (the admin plugin refuses a banned person's new session, told
 * why) and every session they have ends now. The ban is written here rather than through the plugin's
 * banUser (its own adapter, outside our transaction) so that the ban, the ended sessions and the audit
 * row land together or not at all. No end date: the console bans until unbanned. An operator cannot
 * ban themselves.
 */
export async function banPerson(db: Db, actor: AdminActor, userId: string, input: BanInput, now = new Date()) {
  if (actor.id === userId) throw new AppError('BAD_REQUEST', 'You cannot ban yourself.');
  const reason = input.reason || null;
  await db.transaction(async (tx) => {
    const person = await lockedPerson(tx, userId);
    const sessionsBefore = await liveSessionCount(tx, userId);
    await tx
      .update(users)
      .set({ banned: true, banReason: reason, banExpires: null, updatedAt: now })
      .where(eq(users.id, userId));
    await endSessions(tx, userId);
    await recordAdminAction(tx, {
      actor,
      action: 'person.ban',
      targetUser: { id: person.id, email: person.email },
      before: { banned: person.banned === true, banReason: person.banReason ?? null, sessions: sessionsBefore },
      after: { banned: true, banReason: reason, sessions: 0 },
    });
  });
}

/** Lifts a ban, with its audit row in the same transaction. */
export async function unbanPerson(db: Db, actor: AdminActor, userId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const person = await lockedPerson(tx, userId);
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: now })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actor,
      action: 'person.unban',
      targetUser: { id: person.id, email: person.email },
      before: { banned: person.banned === true, banReason: person.banReason ?? null },
      after: { banned: false, banReason: null },
    });
  });
}

/**
 * Deletes the account the way its owner can (account.service.ts deleteAccount: everything of theirs,
 * refused with SUBSCRIPTION_ACTIVE while a subscription would renew). The audit row is written in the
 * deletion's transaction. An operator deletes their own account from Settings, not here.
 */
export async function deletePerson(
  db: Db,
  files: FileStore,
  actor: AdminActor,
  userId: string,
  env: PlanEnv,
  /** The files the tools keep for a person (app.ts hands in the tool registry's). */
  deleteToolFiles: (files: FileStore, userId: string) => Promise<void>,
) {
  if (actor.id === userId) throw new AppError('BAD_REQUEST', 'Delete your own account from Settings.');
  const row = await summaryRow(db, userId);
  const summary = toSummary(row, env, Date.now());
  await deleteAccount(db, files, userId, deleteToolFiles, async (tx) => {
    await recordAdminAction(tx, {
      actor,
      action: 'person.delete',
      targetUser: { id: row.id, email: row.email },
      before: { name: row.name, plan: summary.plan, createdAt: summary.createdAt, operator: summary.operator },
      after: null,
    });
  });
}
