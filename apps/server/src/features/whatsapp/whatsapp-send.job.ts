import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappOutbound } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/queue/job.ts';
import { whatsAppSendJob } from './whatsapp-jobs.ts';
import { pendingOutbound, replyWindowOpen } from './whatsapp-outbound.ts';
import { WhatsAppSendError } from './whatsapp-provider.ts';
import type { WhatsAppRuntime } from './whatsapp-runtime.ts';

/** Settles the messages of a reply that are still pending. */
async function settleRest(db: Db, ids: string[], state: 'failed' | 'expired', error: string): Promise<void> {
  await db
    .update(whatsappOutbound)
    .set({ state, error: error.slice(0, 500) })
    .where(and(inArray(whatsappOutbound.id, ids), eq(whatsappOutbound.state, 'pending')));
}

/**
 * Sends the messages of one reply, in order, each at most once once it succeeded (a retry skips
 * what was sent). Only inside WhatsApp's 24-hour window: a reply that comes due after it closed is
 * dropped as expired. Throttling and outages are tried again with backoff; a refusal (number not
 * on WhatsApp, window closed on WhatsApp's side) fails the rest of the reply.
 */
export function createWhatsAppSendJob(
  deps: { db: Db; whatsapp: WhatsAppRuntime; now?: () => Date },
  options: { retryDelaySeconds?: number } = {},
) {
  const { db, whatsapp } = deps;
  const now = deps.now ?? (() => new Date());
  return defineJob({
    ...whatsAppSendJob,
    retries: 6,
    retryDelaySeconds: options.retryDelaySeconds ?? 5,
    timeoutSeconds: 60,
    concurrency: 4,
    group: (p) => p.phone,
    async handler({ ids }, run) {
      for (const row of await pendingOutbound(db, ids)) {
        if (!(await replyWindowOpen(db, row.phone, now()))) {
          run.logger.warn({ phone: row.phone }, 'the 24-hour window closed before the reply was sent');
          await settleRest(db, ids, 'expired', 'outside the 24-hour window');
          return;
        }
        try {
          const sent = await whatsapp.provider.send({ kind: 'text', to: row.phone, text: row.text });
          await db
            .update(whatsappOutbound)
            .set({ state: 'sent', messageId: sent.id, sentAt: now() })
            .where(eq(whatsappOutbound.id, row.id));
        } catch (err) {
          if (err instanceof WhatsAppSendError && !err.retryable) {
            run.logger.warn({ err }, 'WhatsApp refused the reply');
            await settleRest(db, ids, 'failed', err.message);
            return;
          }
          throw err;
        }
      }
    },
    async onDead({ ids }, logger) {
      logger.error({ ids }, 'a WhatsApp reply could not be sent');
      await settleRest(db, ids, 'failed', 'every try failed');
    },
  });
}
