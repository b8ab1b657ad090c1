import { randomBytes } from 'node:crypto';
import { WHATSAPP_DELIVERY_STATES, type WhatsAppDelivery } from '@polymath/shared';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappInbound, whatsappOutbound, whatsappStatuses } from '../../db/schema/index.ts';
import type { JobSender, SendOptions } from '../../lib/queue/job.ts';
import { whatsAppSendJob } from './whatsapp-jobs.ts';

/** WhatsApp lets a business reply freely for 24 hours after the person's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

type Tx = NonNullable<SendOptions['tx']> & Pick<Db, 'insert'>;

type Reply = { texts: string[]; dedupeKey?: string };

/**
 * Stores the messages of the replies to one inbound message and queues one job that sends them all,
 * in the caller's transaction: one job, so they arrive in the order given (a notice before the
 * answer), never racing each other. A reply with a `dedupeKey` already made under that key (the
 * single reply to an unknown number, a notice once a day) is left out. Returns how many replies
 * were queued.
 */
export async function queueReplies(
  tx: Tx,
  jobs: JobSender,
  to: { phone: string; inboundId: string | null },
  replies: Reply[],
): Promise<number> {
  const ids: string[] = [];
  let queued = 0;
  for (const reply of replies) {
    const rows = reply.texts.map((text, part) => ({
      id: randomBytes(12).toString('base64url'),
      dedupeKey: part === 0 ? (reply.dedupeKey ?? null) : null,
      phone: to.phone,
      inboundId: to.inboundId,
      part,
      text,
    }));
    const [first, ...rest] = rows;
    if (!first) continue;
    const claimed = await tx
      .insert(whatsappOutbound)
      .values(first)
      .onConflictDoNothing({ target: whatsappOutbound.dedupeKey })
      .returning({ id: whatsappOutbound.id });
    if (claimed.length === 0) continue;
    if (rest.length > 0) await tx.insert(whatsappOutbound).values(rest);
    ids.push(...rows.map((r) => r.id));
    queued++;
  }
  // A job carries at most 50 messages (an answer far beyond WhatsApp's length is split into more).
  for (let i = 0; i < ids.length; i += 50) {
    await jobs.send(whatsAppSendJob, { phone: to.phone, ids: ids.slice(i, i + 50) }, { tx });
  }
  return queued;
}

/** Whether the number wrote within the last 24 hours (so a reply may be sent now). */
export async function replyWindowOpen(db: Db, phone: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ last: max(whatsappInbound.sentAt) })
    .from(whatsappInbound)
    .where(eq(whatsappInbound.phone, phone));
  return Boolean(row?.last && now.getTime() - row.last.getTime() < REPLY_WINDOW_MS);
}

const RANK: Partial<Record<WhatsAppDelivery, number>> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * How far a sent message got, from its status callbacks whatever order they came in: the furthest
 * one (failed beats everything; read beats delivered beats sent); 'sending' before any.
 */
export function furthestDelivery(statuses: Iterable<string>): WhatsAppDelivery {
  let best: WhatsAppDelivery = 'sending';
  for (const status of statuses) {
    const known = WHATSAPP_DELIVERY_STATES.find((s) => s === status);
    if (known && (RANK[known] ?? 0) > (RANK[best] ?? 0)) best = known;
  }
  return best;
}

/** The delivery of one sent message (see furthestDelivery). */
export async function deliveryOf(db: Db, messageId: string | null): Promise<WhatsAppDelivery> {
  if (!messageId) return 'sending';
  const rows = await db
    .select({ status: whatsappStatuses.status })
    .from(whatsappStatuses)
    .where(eq(whatsappStatuses.messageId, messageId));
  return furthestDelivery(rows.map((r) => r.status));
}

/** The pending messages among `ids`, in the order given. */
export async function pendingOutbound(db: Db, ids: string[]) {
  const rows = await db
    .select()
    .from(whatsappOutbound)
    .where(and(inArray(whatsappOutbound.id, ids), eq(whatsappOutbound.state, 'pending')));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}
