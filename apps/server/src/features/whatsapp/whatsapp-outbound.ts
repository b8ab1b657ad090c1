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

/**
 * Stores the messages of one reply and queues the job that sends them, in the caller's
 * transaction. With a `dedupeKey`, a reply already made under that key is not made again (the
 * single reply to an unknown number, a notice once a day): returns false then.
 */
export async function queueReply(
  tx: Tx,
  jobs: JobSender,
  reply: { phone: string; inboundId: string | null; texts: string[]; dedupeKey?: string },
): Promise<boolean> {
  const rows = reply.texts.map((text, part) => ({
    id: randomBytes(12).toString('base64url'),
    dedupeKey: part === 0 ? (reply.dedupeKey ?? null) : null,
    phone: reply.phone,
    inboundId: reply.inboundId,
    part,
    text,
  }));
  const [first, ...rest] = rows;
  if (!first) return false;
  const claimed = await tx
    .insert(whatsappOutbound)
    .values(first)
    .onConflictDoNothing({ target: whatsappOutbound.dedupeKey })
    .returning({ id: whatsappOutbound.id });
  if (claimed.length === 0) return false;
  if (rest.length > 0) await tx.insert(whatsappOutbound).values(rest);
  await jobs.send(whatsAppSendJob, { phone: reply.phone, ids: rows.map((r) => r.id) }, { tx });
  return true;
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
