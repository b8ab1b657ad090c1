import { createHash, randomBytes } from 'node:crypto';
import { chatRequestSchema, type Plan, type UserMessage, WHATSAPP_NEW_CHAT_COMMAND } from '@polymath/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, whatsappInbound, whatsappLinks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { defineJob, type JobRun } from '../../lib/queue/job.ts';
import { saveAttachment } from '../attachments/index.ts';
import { paymentModeOf, planAt, planFactsOfUser } from '../billing/index.ts';
import type { AnswerOutcome } from '../chat/index.ts';
import { type ChatTurnDeps, startChatTurn, turnDepsInRun } from '../chat/index.ts';
import { whatsAppMessages } from './whatsapp-format.ts';
import { whatsAppMessageJob } from './whatsapp-jobs.ts';
import { chooseModel } from './whatsapp-link.service.ts';
import { queueReplies } from './whatsapp-outbound.ts';
import type { WhatsAppRuntime } from './whatsapp-runtime.ts';
import { guessLocale, WHATSAPP_TEXTS } from './whatsapp-texts.ts';
import type { InboundMessage } from './whatsapp-webhook.ts';

export type WhatsAppJobDeps = {
  /** The chat turns the routes use too (app-turns.ts): the same tools, search, models and queue. */
  turns: ChatTurnDeps;
  whatsapp: WhatsAppRuntime;
};

/** The message as stored: what the app reads of texts and pictures. */
type Received = InboundMessage & {
  text?: { body?: string };
  image?: { id?: string; caption?: string; mime_type?: string };
};

type Reply = { texts: string[]; dedupeKey?: string };

/** The chat message id of a WhatsApp message: derived from WhatsApp's id, so a retry names the same message. */
export function chatMessageIdOf(whatsAppId: string): string {
  return `wa${createHash('sha256').update(whatsAppId).digest('base64url').slice(0, 30)}`;
}

function newThreadId(): string {
  return `wa${randomBytes(12).toString('base64url')}`;
}

/** The answer written for a person's message, when there is one (a retry after the turn started). */
async function answerAfter(db: Db, userId: string, messageId: string): Promise<string | null> {
  const [mine] = await db
    .select({ threadId: messages.threadId, seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  if (!mine) return null;
  const [answer] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.threadId, mine.threadId), gt(messages.seq, mine.seq), eq(messages.role, 'assistant')))
    .orderBy(asc(messages.seq))
    .limit(1);
  return answer?.id ?? null;
}

/** A stored answer as a settled outcome; throws while it is still being written (the job tries again). */
async function storedOutcome(db: Db, answerId: string): Promise<AnswerOutcome> {
  const [row] = await db
    .select({ status: messages.status, text: messages.text })
    .from(messages)
    .where(eq(messages.id, answerId));
  if (!row) return { status: 'failed', answered: false, text: '' };
  if (row.status === 'streaming') throw new Error('the answer is still being written');
  return { status: row.status as AnswerOutcome['status'], answered: row.text !== '', text: row.text };
}

/**
 * One WhatsApp message, handled once (the job is grouped by number, so one person's messages go in
 * order): an unknown number gets one reply with the way to link it; `/new` starts a new chat; text
 * and pictures from a linked number run the same chat turn as the web (the account's plan, credits,
 * fair use and history; a picture goes to a model that reads images) in the number's WhatsApp
 * thread, and the answer is queued for sending in WhatsApp's formatting. An account that is no
 * longer Pro is told so (once a day) and answered within its free daily messages.
 */
export function createWhatsAppMessageJob(deps: WhatsAppJobDeps, options: { retryDelaySeconds?: number } = {}) {
  return defineJob({
    ...whatsAppMessageJob,
    retries: 4,
    retryDelaySeconds: options.retryDelaySeconds ?? 5,
    timeoutSeconds: 300,
    concurrency: 4,
    group: (p) => p.phone,
    handler: (payload, run) => handleMessage(deps, payload.messageId, run),
    async onDead(payload, logger) {
      logger.error({ messageId: payload.messageId }, 'a WhatsApp message could not be answered');
      await deps.turns.db
        .update(whatsappInbound)
        .set({ state: 'failed' })
        .where(and(eq(whatsappInbound.id, payload.messageId), eq(whatsappInbound.state, 'received')));
    },
  });
}

async function handleMessage(deps: WhatsAppJobDeps, id: string, run: JobRun): Promise<void> {
  const { whatsapp } = deps;
  const { db } = deps.turns;
  const [inbound] = await db.select().from(whatsappInbound).where(eq(whatsappInbound.id, id));
  if (inbound?.state !== 'received') return;
  const { phone } = inbound;
  const message = inbound.body as Received;

  /** Marks the message handled and queues its replies, together: a retry finds it done. */
  const finish = (replies: Reply[], fields: { userId?: string; answerId?: string } = {}) =>
    db.transaction(async (tx) => {
      const done = await tx
        .update(whatsappInbound)
        .set({ state: 'handled', ...fields })
        .where(and(eq(whatsappInbound.id, id), eq(whatsappInbound.state, 'received')))
        .returning({ id: whatsappInbound.id });
      if (done.length === 0) return;
      await queueReplies(tx, run.jobs, { phone, inboundId: id }, replies);
    });

  const [link] = await db
    .select({
      userId: whatsappLinks.userId,
      modelId: whatsappLinks.modelId,
      locale: whatsappLinks.locale,
      threadId: whatsappLinks.threadId,
    })
    .from(whatsappLinks)
    .where(eq(whatsappLinks.phone, phone));

  if (!link) {
    const texts = WHATSAPP_TEXTS[guessLocale(phone)];
    return finish([
      { texts: [texts.unknownNumber(`${whatsapp.publicUrl}/web-main?whatsapp=link`)], dedupeKey: `unknown:${phone}` },
    ]);
  }
  const { userId } = link;
  const locale = link.locale === 'tr' ? 'tr' : 'en';
  const texts = WHATSAPP_TEXTS[locale];
  // A reaction to one of our messages asks for nothing.
  if (message.type === 'reaction') return finish([], { userId });
  if (message.type !== 'text' && message.type !== 'image') return finish([{ texts: [texts.unsupported] }], { userId });

  const text = (message.type === 'text' ? message.text?.body : message.image?.caption)?.trim() ?? '';
  if (message.type === 'text' && text.toLowerCase() === WHATSAPP_NEW_CHAT_COMMAND) {
    await db.update(whatsappLinks).set({ threadId: null }).where(eq(whatsappLinks.userId, userId));
    return finish([{ texts: [texts.newChat] }], { userId });
  }

  // The plan now, by the same rule as the web's session (billing/entitlement.ts).
  const facts = await planFactsOfUser(db, userId);
  const plan: Plan = facts ? planAt(facts, paymentModeOf(deps.turns.env), Date.now()) : 'free';
  const upgradeUrl = `${whatsapp.publicUrl}/payment`;
  const notices: Reply[] =
    plan === 'pro'
      ? []
      : [
          {
            texts: [texts.noLongerPro(upgradeUrl)],
            dedupeKey: `not-pro:${phone}:${new Date().toISOString().slice(0, 10)}`,
          },
        ];

  const chatMessageId = chatMessageIdOf(id);
  const earlier = inbound.answerId ?? (await answerAfter(db, userId, chatMessageId));
  let outcome: AnswerOutcome;
  if (earlier) {
    outcome = await storedOutcome(db, earlier);
  } else {
    const picture = message.type === 'image';
    const modelId = chooseModel(deps.turns.runtime.models, link.modelId, plan, picture);
    if (!modelId) return finish([...notices, { texts: [picture ? texts.noVision : texts.failed] }], { userId });
    const parts: UserMessage['parts'] = [];
    if (picture) {
      const attachment = await pictureOf(deps, userId, message, run.logger);
      if (!attachment) return finish([...notices, { texts: [texts.unsupported] }], { userId });
      parts.push(attachment);
    }
    parts.push({ type: 'text', text: text || texts.imageQuestion });

    const started = await startTurn(deps, run, {
      userId,
      plan,
      locale,
      modelId,
      threadId: link.threadId,
      message: { id: chatMessageId, role: 'user', parts },
    });
    if ('refused' in started) {
      const refusal =
        started.refused === 'OUT_OF_CREDITS'
          ? texts.outOfCredits(upgradeUrl)
          : started.refused === 'RATE_LIMITED'
            ? texts.tooFast
            : texts.failed;
      return finish([...notices, { texts: [refusal] }], { userId });
    }
    await db.update(whatsappInbound).set({ userId, answerId: started.answerId }).where(eq(whatsappInbound.id, id));
    outcome = await started.settled;
  }

  const answer = outcome.text.trim();
  const body = !answer ? texts.failed : outcome.status === 'complete' ? answer : `${answer}\n\n${texts.cutOff}`;
  await finish([...notices, { texts: whatsAppMessages(body) }], { userId });
}

type TurnArgs = {
  userId: string;
  plan: Plan;
  locale: 'en' | 'tr';
  modelId: string;
  threadId: string | null;
  message: UserMessage;
};

type Started =
  | { answerId: string; settled: Promise<AnswerOutcome> }
  | { refused: 'OUT_OF_CREDITS' | 'RATE_LIMITED' | 'INVALID' };

/**
 * Starts the chat turn for the number's thread. A thread that is gone (deleted on the web, or past
 * a free account's history window) gives way to a new one; a model that is no longer available to
 * the account gives way to the default. Refusals the person should hear about are returned.
 */
async function startTurn(deps: WhatsAppJobDeps, run: JobRun, args: TurnArgs): Promise<Started> {
  const { db } = deps.turns;
  const turns = turnDepsInRun(deps.turns, run);
  let { threadId, modelId } = args;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!threadId) {
      threadId = newThreadId();
      await db.update(whatsappLinks).set({ threadId }).where(eq(whatsappLinks.userId, args.userId));
    }
    const parsed = chatRequestSchema.safeParse({
      trigger: 'submit-message',
      threadId,
      toolId: 'whatsapp',
      modelId,
      locale: args.locale,
      message: args.message,
    });
    if (!parsed.success) return { refused: 'INVALID' };
    try {
      const turn = await startChatTurn(turns, { user: { id: args.userId, plan: args.plan }, request: parsed.data });
      // Nobody reads the live stream here (the web can still follow it); the answer is awaited instead.
      void turn.stream.pipeTo(new WritableStream()).catch(() => {});
      return { answerId: turn.answerId, settled: turn.settled };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'OUT_OF_CREDITS' || err.code === 'RATE_LIMITED') return { refused: err.code };
      if (err.code === 'NOT_FOUND') {
        threadId = null;
        continue;
      }
      if (err.code === 'MODEL_UNAVAILABLE' || err.code === 'MODEL_REQUIRES_PRO') {
        const picture = args.message.parts.some((p) => p.type === 'file');
        const fallback = chooseModel(deps.turns.runtime.models, undefined, args.plan, picture);
        if (!fallback || fallback === modelId) return { refused: 'INVALID' };
        modelId = fallback;
        continue;
      }
      if (err.code === 'VALIDATION_FAILED' || err.code === 'BAD_REQUEST' || err.code === 'INVALID_FILE') {
        return { refused: 'INVALID' };
      }
      // Busy thread, database trouble…: the job tries again later.
      throw err;
    }
  }
  return { refused: 'INVALID' };
}

/** A picture someone sent, fetched from WhatsApp and stored as the account's chat attachment. */
async function pictureOf(deps: WhatsAppJobDeps, userId: string, message: Received, logger: Logger) {
  const mediaId = message.image?.id;
  if (!mediaId) return null;
  let bytes: Uint8Array;
  try {
    bytes = (await deps.whatsapp.provider.downloadMedia(mediaId)).bytes;
  } catch (err) {
    logger.warn({ err }, 'the picture could not be fetched from WhatsApp');
    throw err;
  }
  try {
    const saved = await saveAttachment(deps.turns.files, userId, bytes);
    return { type: 'file' as const, mediaType: saved.mediaType, url: saved.url };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
