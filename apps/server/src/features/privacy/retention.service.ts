import { RETENTION } from '@polymath/shared';
import { and, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  pageViews,
  rateLimits,
  sessions,
  whatsappInbound,
  whatsappOutbound,
  whatsappStatuses,
} from '../../db/schema/index.ts';

/** How many rows of each kind one pass deleted. */
export type RetentionResult = {
  pageViews: number;
  endedSessions: number;
  rateLimits: number;
  whatsappInbound: number;
  whatsappOutbound: number;
  whatsappStatuses: number;
};

/**
 * Deletes what the privacy policy says is kept no longer than RETENTION's periods (shared: the policy
 * page prints the same numbers). Ages are measured on the database's clock, like every other time in
 * the schema. Deleted chats have their own job (threads' purge-deleted-chats, RETENTION.deletedChatDays).
 */
export async function deleteExpiredData(db: Db): Promise<RetentionResult> {
  const pageViewCutoff = sql`now() - make_interval(months => ${RETENTION.pageViewMonths}::int)`;
  const technicalCutoff = sql`now() - make_interval(days => ${RETENTION.technicalRecordDays}::int)`;
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    pageViews: await count(
      db.delete(pageViews).where(lt(pageViews.createdAt, pageViewCutoff)).returning({ id: pageViews.id }),
    ),
    // A session that ended that long ago can never be used again; it still holds an IP address and a
    // browser name. Live sessions stay (they go with sign-out or the account).
    endedSessions: await count(
      db.delete(sessions).where(lt(sessions.expiresAt, technicalCutoff)).returning({ id: sessions.id }),
    ),
    // better-auth's counters are keyed by address and path; their windows last seconds to minutes.
    rateLimits: await count(
      db
        .delete(rateLimits)
        .where(lt(rateLimits.lastRequest, sql`(extract(epoch from ${technicalCutoff}) * 1000)::bigint`))
        .returning({ id: rateLimits.id }),
    ),
    // WhatsApp's own copies of a conversation (the message as delivered, the reply as sent, delivery
    // statuses) outlive their use within a day; the conversation itself is the chat thread. Without
    // this they would stay after the account is deleted (user_id is only set null). A message still
    // waiting for its job ('received') is left alone.
    whatsappInbound: await count(
      db
        .delete(whatsappInbound)
        .where(and(lt(whatsappInbound.receivedAt, technicalCutoff), ne(whatsappInbound.state, 'received')))
        .returning({ id: whatsappInbound.id }),
    ),
    whatsappOutbound: await count(
      db
        .delete(whatsappOutbound)
        .where(and(lt(whatsappOutbound.createdAt, technicalCutoff), ne(whatsappOutbound.state, 'pending')))
        .returning({ id: whatsappOutbound.id }),
    ),
    whatsappStatuses: await count(
      db
        .delete(whatsappStatuses)
        .where(lt(whatsappStatuses.receivedAt, technicalCutoff))
        .returning({ id: whatsappStatuses.messageId }),
    ),
  };
}
