import { toStorableText } from '@polymath/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { whatsappInbound, whatsappStatuses } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobSender } from '../../lib/queue/job.ts';
import { whatsAppMessageJob } from './whatsapp-jobs.ts';
import { e164FromWaId, type WhatsAppProvider } from './whatsapp-provider.ts';

/**
 * The parts of a Cloud API webhook delivery the app reads (anything else in it is ignored):
 * entry[].changes[].value with its metadata, messages and statuses.
 */
const messageSchema = z
  .object({
    id: z.string().min(1).max(256),
    from: z.string().regex(/^\d{6,20}$/),
    timestamp: z.string().max(64),
    type: z.string().max(32),
  })
  .loose();

const statusSchema = z
  .object({
    id: z.string().min(1).max(256),
    status: z.string().max(32),
    timestamp: z.string().max(64),
    recipient_id: z.string().max(32).optional(),
    errors: z.array(z.object({ code: z.number().int().optional(), title: z.string().optional() }).loose()).optional(),
  })
  .loose();

const payloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              metadata: z.object({ phone_number_id: z.string().optional() }).loose().optional(),
              messages: z.array(messageSchema).optional(),
              statuses: z.array(statusSchema).optional(),
            })
            .loose(),
        }),
      ),
    }),
  ),
});

export type InboundMessage = z.infer<typeof messageSchema>;

/** A signed delivery whose body is not the Cloud API's webhook shape. */
export class WebhookPayloadError extends Error {}

export type WebhookContext = {
  db: Db;
  provider: WhatsAppProvider;
  jobs: JobSender;
  logger: Logger;
};

export type WebhookResult = { messages: number; duplicates: number; statuses: number };

/**
 * A webhook delivery (from Meta, or from the sandbox phone): checked against its signature on the
 * raw bytes before anything is read, then every message is stored under WhatsApp's id together
 * with its job, in one transaction, so a redelivery (or ten parallel ones) queues it once; status
 * callbacks are recorded. Nothing slow happens here: the answer is the job's work.
 */
export async function receiveWhatsAppWebhook(
  ctx: WebhookContext,
  rawBody: Uint8Array,
  signature: string | undefined,
): Promise<WebhookResult> {
  ctx.provider.verifySignature(rawBody, signature);
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(storableJson(JSON.parse(Buffer.from(rawBody).toString('utf8'))));
  } catch {
    throw new WebhookPayloadError('not a WhatsApp webhook payload');
  }
  const result: WebhookResult = { messages: 0, duplicates: 0, statuses: 0 };
  if (parsed.object !== 'whatsapp_business_account') return result;
  for (const entry of parsed.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const value = change.value;
      // Only what names our business number is ours: a change without metadata names none.
      if (value.metadata?.phone_number_id !== ctx.provider.phoneNumberId) {
        ctx.logger.warn(
          { phoneNumberId: value.metadata?.phone_number_id ?? null },
          'webhook for another WhatsApp number ignored',
        );
        continue;
      }
      for (const message of value.messages ?? []) {
        const stored = await storeMessage(ctx, message);
        if (stored) result.messages += 1;
        else result.duplicates += 1;
      }
      for (const status of value.statuses ?? []) {
        const error = status.errors?.[0];
        await ctx.db
          .insert(whatsappStatuses)
          .values({
            messageId: status.id,
            status: status.status,
            at: receivedTime(ctx.logger, status.timestamp, { messageId: status.id }),
            recipient: status.recipient_id ? e164FromWaId(status.recipient_id) : null,
            errorCode: error?.code ?? null,
            errorTitle: error?.title?.slice(0, 500) ?? null,
          })
          .onConflictDoNothing();
        result.statuses += 1;
      }
    }
  }
  return result;
}

/**
 * The delivery with every string (keys too) made storable: JSON may carry a NUL or half a surrogate
 * pair, which PostgreSQL's text and jsonb refuse, and a 5xx would only make WhatsApp redeliver it
 * for days. The person's text keeps everything else, with U+FFFD where such a character was.
 */
function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [toStorableText(key), storableJson(item)]));
  }
  return value;
}

/** How far ahead of our clock a WhatsApp timestamp may be and still be taken as it is (clock skew). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The time of a message or status: WhatsApp's timestamp (seconds), unless it lies further ahead of
 * our clock than skew explains. Such a time is not real (and a year past 9999 cannot even be
 * stored), so it becomes the time the delivery came, with a log line: refusing the delivery would
 * only make WhatsApp send it again for days, and a time in the future would hold the 24-hour reply
 * window open.
 */
function receivedTime(logger: Logger, timestamp: string, about: { messageId: string }, now = new Date()): Date {
  // Seconds since the epoch; anything else (milliseconds, a word, a sign) is not a time we can
  // trust, and refusing the delivery would only make WhatsApp send it again for days.
  const at = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN;
  if (Number.isFinite(at) && at - now.getTime() <= CLOCK_SKEW_MS) return new Date(at);
  logger.warn(
    { ...about, timestamp },
    Number.isFinite(at)
      ? 'WhatsApp timestamp in the future: stored as the time received'
      : 'WhatsApp timestamp not in seconds: stored as the time received',
  );
  return now;
}

/** True when this delivery stored the message (and queued its job); false for a redelivery. */
async function storeMessage(ctx: WebhookContext, message: InboundMessage): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(whatsappInbound)
      .values({
        id: message.id,
        phone: e164FromWaId(message.from),
        type: message.type,
        body: message,
        sentAt: receivedTime(ctx.logger, message.timestamp, { messageId: message.id }),
      })
      .onConflictDoNothing()
      .returning({ id: whatsappInbound.id });
    if (inserted.length === 0) return false;
    await ctx.jobs.send(whatsAppMessageJob, { messageId: message.id, phone: e164FromWaId(message.from) }, { tx });
    return true;
  });
}
