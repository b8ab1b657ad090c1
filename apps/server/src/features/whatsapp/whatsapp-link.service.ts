import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type Locale,
  modelForPlan,
  type Plan,
  WHATSAPP_CODE_LENGTH,
  WHATSAPP_CODE_LIMITS,
  WHATSAPP_CODE_MAX_TRIES,
  WHATSAPP_CODE_TTL_SECONDS,
  type WhatsAppCodeRequest,
  type WhatsAppLink,
  type WhatsAppPending,
  type WhatsAppStatus,
} from '@polymath/shared';
import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, whatsappCodeSends, whatsappCodes, whatsappLinks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { composeMail } from '../auth/index.ts';
import type { ModelRegistry } from '../models/index.ts';
import { checkPhoneNumber } from './phone-number.ts';
import { deliveryOf } from './whatsapp-outbound.ts';
import { WhatsAppSendError } from './whatsapp-provider.ts';
import type { WhatsAppRuntime } from './whatsapp-runtime.ts';

const HOUR_MS = 60 * 60 * 1000;

export type LinkContext = { db: Db; whatsapp: WhatsAppRuntime; models: ModelRegistry; logger: Logger; mailer: Mailer };
export type LinkUser = { id: string; plan: Plan };

/**
 * The model a WhatsApp chat uses: the web's rule (modelForPlan in shared: the one asked for when the
 * plan includes it, else the catalogue's default, else any the plan includes), with `vision` only
 * models that read images. Null when there is none.
 */
export function chooseModel(models: ModelRegistry, wanted: string | undefined, plan: Plan, vision = false) {
  const { models: all, defaultModelId } = models.list('en');
  const accepts = (m: (typeof all)[number]) => !vision || m.capabilities.vision;
  return modelForPlan(all, { wanted, defaultModelId, plan, accepts })?.id ?? null;
}

function hashCode(secret: string, userId: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}\n${phone}\n${code}`).digest('hex');
}

function toLink(row: typeof whatsappLinks.$inferSelect): WhatsAppLink {
  return { phone: row.phone, country: row.country, modelId: row.modelId, linkedAt: row.linkedAt.toISOString() };
}

async function lastSendAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: whatsappCodeSends.sentAt })
    .from(whatsappCodeSends)
    .where(eq(whatsappCodeSends.userId, userId))
    .orderBy(desc(whatsappCodeSends.sentAt))
    .limit(1);
  return row?.at ?? null;
}

/** The code on its way, while it can still be used; null once expired or tried 5 times. */
async function pendingOf(db: Db, userId: string, now: Date): Promise<WhatsAppPending | null> {
  const [row] = await db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, userId));
  if (!row || row.expiresAt <= now || row.tries >= WHATSAPP_CODE_MAX_TRIES) return null;
  const last = (await lastSendAt(db, userId)) ?? row.createdAt;
  return {
    phone: row.phone,
    country: row.country,
    expiresAt: row.expiresAt.toISOString(),
    triesLeft: WHATSAPP_CODE_MAX_TRIES - row.tries,
    resendAt: new Date(last.getTime() + WHATSAPP_CODE_LIMITS.resendAfterSeconds * 1000).toISOString(),
    delivery: await deliveryOf(db, row.messageId),
  };
}

/** GET /api/whatsapp/link: the linked number, a code on its way, and where "Open WhatsApp" goes. */
export async function linkStatus(ctx: LinkContext, userId: string, now = new Date()): Promise<WhatsAppStatus> {
  const [link] = await ctx.db.select().from(whatsappLinks).where(eq(whatsappLinks.userId, userId));
  return {
    mode: ctx.whatsapp.provider.mode,
    link: link ? toLink(link) : null,
    pending: await pendingOf(ctx.db, userId, now),
    chatUrl: await ctx.whatsapp.provider.chatUrl(),
  };
}

/** Seconds until the oldest of the sends in the window leaves it. */
function retryAfter(oldest: Date | undefined, now: Date): number {
  return Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 1000));
}

/**
 * Counts this send against the limits (per account and per number, per hour; and a pause between
 * two codes of one account), or refuses it with RATE_LIMITED and when to try again. Serialised per
 * account and per number with transaction-scoped advisory locks, so parallel requests cannot all
 * slip under a limit.
 */
async function countSend(db: Db, userId: string, phone: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-code-user:${userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-code-phone:${phone}`}))`);
    const since = new Date(now.getTime() - HOUR_MS);
    const byUser = await tx
      .select({ at: whatsappCodeSends.sentAt })
      .from(whatsappCodeSends)
      .where(and(eq(whatsappCodeSends.userId, userId), gt(whatsappCodeSends.sentAt, since)))
      .orderBy(asc(whatsappCodeSends.sentAt));
    const byPhone = await tx
      .select({ at: whatsappCodeSends.sentAt })
      .from(whatsappCodeSends)
      .where(and(eq(whatsappCodeSends.phone, phone), gt(whatsappCodeSends.sentAt, since)))
      .orderBy(asc(whatsappCodeSends.sentAt));
    const last = byUser[byUser.length - 1]?.at;
    const pause = WHATSAPP_CODE_LIMITS.resendAfterSeconds * 1000;
    if (last && now.getTime() - last.getTime() < pause) {
      throw new AppError('RATE_LIMITED', 'Wait a moment before asking for another code.', {
        retryAfterSeconds: Math.ceil((last.getTime() + pause - now.getTime()) / 1000),
      });
    }
    if (byUser.length >= WHATSAPP_CODE_LIMITS.perUserPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes were asked for. Try again later.', {
        retryAfterSeconds: retryAfter(byUser[0]?.at, now),
      });
    }
    if (byPhone.length >= WHATSAPP_CODE_LIMITS.perNumberPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes were sent to this number. Try again later.', {
        retryAfterSeconds: retryAfter(byPhone[0]?.at, now),
      });
    }
    await tx.insert(whatsappCodeSends).values({ userId, phone, sentAt: now });
    // Old sends count for nothing any more.
    await tx.delete(whatsappCodeSends).where(lt(whatsappCodeSends.sentAt, new Date(now.getTime() - 24 * HOUR_MS)));
  });
}

/**
 * POST /api/whatsapp/link/code: checks the number for its country (E.164), counts the send against
 * the limits, stores a fresh 6-digit code (as an HMAC, good for 10 minutes and 5 tries) and sends it
 * through WhatsApp as the code template (in the sandbox: to the sandbox phone of the number). The
 * answer is the same whether or not the number is linked to someone else; when it is, the code
 * records that account, since the code goes to that link's phone (verifyLinkCode).
 */
export async function sendLinkCode(
  ctx: LinkContext,
  user: LinkUser,
  input: WhatsAppCodeRequest,
  now = new Date(),
): Promise<WhatsAppPending> {
  if (user.plan !== 'pro') throw new AppError('WHATSAPP_REQUIRES_PRO');
  const phone = checkPhoneNumber(input.phone, input.country);
  const locale: Locale = input.locale ?? 'en';
  const modelId = chooseModel(ctx.models, input.modelId, user.plan) ?? input.modelId ?? 'demo';
  await countSend(ctx.db, user.id, phone, now);
  const [owner] = await ctx.db
    .select({ userId: whatsappLinks.userId })
    .from(whatsappLinks)
    .where(and(eq(whatsappLinks.phone, phone), ne(whatsappLinks.userId, user.id)));

  const code = String(randomInt(0, 10 ** WHATSAPP_CODE_LENGTH)).padStart(WHATSAPP_CODE_LENGTH, '0');
  const row = {
    phone,
    country: input.country,
    modelId,
    locale,
    codeHash: hashCode(ctx.whatsapp.codeSecret, user.id, phone, code),
    tries: 0,
    expiresAt: new Date(now.getTime() + WHATSAPP_CODE_TTL_SECONDS * 1000),
    messageId: null,
    linkedTo: owner?.userId ?? null,
    createdAt: now,
  };
  await ctx.db
    .insert(whatsappCodes)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: whatsappCodes.userId, set: row });
  try {
    const sent = await ctx.whatsapp.provider.send({ kind: 'code', to: phone, code, locale, userId: user.id });
    await ctx.db.update(whatsappCodes).set({ messageId: sent.id }).where(eq(whatsappCodes.userId, user.id));
  } catch (err) {
    // A code nobody received cannot be entered.
    await ctx.db.delete(whatsappCodes).where(eq(whatsappCodes.userId, user.id));
    ctx.logger.warn({ err }, 'the link code could not be sent');
    if (err instanceof WhatsAppSendError && err.badRecipient) throw new AppError('WHATSAPP_NUMBER_INVALID');
    throw new AppError('WHATSAPP_UNAVAILABLE');
  }
  const pending = await pendingOf(ctx.db, user.id, now);
  if (!pending) throw new AppError('WHATSAPP_UNAVAILABLE');
  return pending;
}

/**
 * POST /api/whatsapp/link/verify: one try of the code. The try is counted before the code is
 * compared (in one conditional update), so parallel guesses get 5 tries in all. The right code
 * links the number to the account with the model and language chosen when the code was sent.
 *
 * A number linked to another account moves only with a code sent while it was linked there: that
 * code went to that link's phone, which is the proof. A code sent before someone else linked the
 * number (in the sandbox it showed on the asker's own phone) is used up instead, and the account
 * the number leaves is told by mail.
 */
export async function verifyLinkCode(ctx: LinkContext, user: LinkUser, code: string, now = new Date()) {
  const [row] = await ctx.db
    .update(whatsappCodes)
    .set({ tries: sql`${whatsappCodes.tries} + 1` })
    .where(
      and(
        eq(whatsappCodes.userId, user.id),
        lt(whatsappCodes.tries, WHATSAPP_CODE_MAX_TRIES),
        gt(whatsappCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('WHATSAPP_CODE_EXPIRED');
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx.whatsapp.codeSecret, user.id, row.phone, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    throw new AppError('WHATSAPP_CODE_INVALID', undefined, { triesLeft: WHATSAPP_CODE_MAX_TRIES - row.tries });
  }
  if (user.plan !== 'pro') throw new AppError('WHATSAPP_REQUIRES_PRO');
  const result = await ctx.db.transaction(async (tx) => {
    // One link change per number at a time, so the owner read below is still the owner at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-link-phone:${row.phone}`}))`);
    await tx.delete(whatsappCodes).where(eq(whatsappCodes.userId, user.id));
    const [owner] = await tx
      .select({ userId: whatsappLinks.userId })
      .from(whatsappLinks)
      .where(and(eq(whatsappLinks.phone, row.phone), ne(whatsappLinks.userId, user.id)));
    if (owner && owner.userId !== row.linkedTo) return null;
    // A number belongs to whoever holds the phone: it leaves the account that linked it before.
    if (owner) await tx.delete(whatsappLinks).where(eq(whatsappLinks.userId, owner.userId));
    const [previous] = await tx.select().from(whatsappLinks).where(eq(whatsappLinks.userId, user.id));
    const values = {
      phone: row.phone,
      country: row.country,
      modelId: row.modelId,
      locale: row.locale,
      // Relinking the same number keeps its chat going; a new number starts a new one.
      threadId: previous?.phone === row.phone ? previous.threadId : null,
      linkedAt: now,
    };
    const [saved] = await tx
      .insert(whatsappLinks)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: whatsappLinks.userId, set: values })
      .returning();
    return { saved, movedFrom: owner?.userId };
  });
  if (!result) throw new AppError('WHATSAPP_CODE_EXPIRED');
  const link = result.saved;
  if (!link) throw new AppError('INTERNAL_ERROR');
  await ctx.whatsapp.sandbox?.hold(user.id, link.phone);
  if (result.movedFrom) await tellNumberMoved(ctx, result.movedFrom, link.phone);
  return toLink(link);
}

/**
 * Mails the account a number just left: another account linked it with a code sent to the phone.
 * Mail, not WhatsApp, because the one who needs to know is the account's owner, who may no longer
 * have the phone (a number given up, a phone lost); and WhatsApp only carries free text within 24
 * hours of the person's last message. The link has moved already: a mail that cannot be sent is
 * logged, not reported to the new account.
 */
async function tellNumberMoved(ctx: LinkContext, userId: string, phone: string): Promise<void> {
  try {
    const [user] = await ctx.db
      .select({ email: users.email, name: users.name, displayName: users.displayName, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    const link = `${ctx.whatsapp.publicUrl}/settings/login-connections`;
    await ctx.mailer.send(composeMail('whatsapp-moved', user, link, { phone }));
  } catch (err) {
    ctx.logger.error({ err, mail: 'whatsapp-moved' }, 'the mail about a moved WhatsApp number could not be sent');
  }
}

/** PATCH /api/whatsapp/link: the model WhatsApp answers with. */
export async function updateLinkModel(ctx: LinkContext, user: LinkUser, modelId: string): Promise<WhatsAppLink> {
  if (chooseModel(ctx.models, modelId, user.plan) !== modelId) throw new AppError('MODEL_UNAVAILABLE');
  const [row] = await ctx.db
    .update(whatsappLinks)
    .set({ modelId })
    .where(eq(whatsappLinks.userId, user.id))
    .returning();
  if (!row) throw new AppError('WHATSAPP_NOT_LINKED');
  return toLink(row);
}

/** DELETE /api/whatsapp/link: the number no longer chats as this account (its chats stay in the history). */
export async function unlinkNumber(db: Db, userId: string): Promise<void> {
  const removed = await db
    .delete(whatsappLinks)
    .where(eq(whatsappLinks.userId, userId))
    .returning({ phone: whatsappLinks.phone });
  await db.delete(whatsappCodes).where(eq(whatsappCodes.userId, userId));
  if (removed.length === 0) throw new AppError('WHATSAPP_NOT_LINKED');
}
