import { type ChatRequest, PDF_MEDIA_TYPE, type UserMessage } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { creditDay } from '../credits/credits.service.ts';
import { titleFromMessage, userMessageText } from './chat.service.ts';

/** What the one statement did; `not-written` and `out-of-credits` mean it wrote nothing. */
export type FirstTurnResult =
  /** The thread exists, or the message id is taken: the usual steps tell the person why. */
  | { kind: 'not-written' }
  | { kind: 'out-of-credits' }
  /** The thread appeared meanwhile (a race on its id): the credit is taken, nothing else written. */
  | { kind: 'credited'; creditDay: string | null }
  | { kind: 'written'; creditDay: string | null };

/** Whether a message can open a thread in one statement: PDFs need their checks first (features/documents). */
export function canWriteFirstTurn(request: ChatRequest): request is ChatRequest & { trigger: 'submit-message' } {
  return (
    request.trigger === 'submit-message' &&
    !request.message.parts.some((p) => p.type === 'file' && p.mediaType === PDF_MEDIA_TYPE)
  );
}

/**
 * A new chat's first message in ONE statement (one round trip before the provider is called): the
 * free message is taken, the thread is created and claimed for the answer, and the person's
 * message and the empty streaming answer are written. Each step only happens when the one before
 * it did, so a thread id that already exists (someone's, maybe another user's) or a person out of
 * free messages writes nothing; the caller then goes the usual way (claimThread, writeTurn), which
 * tells those cases apart. The credit upsert is the same conditional one as reserveCredit, so
 * concurrent sends still serialise on the day's row.
 */
export async function writeFirstTurn(
  db: Db,
  args: {
    userId: string;
    /** The day's allowance for a free user; null for Pro (nothing to take). */
    dailyLimit: number | null;
    request: ChatRequest & { trigger: 'submit-message' };
    answerId: string;
    toolInput: unknown;
    now: Date;
  },
): Promise<FirstTurnResult> {
  const { userId, request, answerId, now } = args;
  const message: UserMessage = request.message;
  const day = creditDay(now);
  const at = now.toISOString();
  const answerAt = new Date(now.getTime() + 1).toISOString();
  const toolInput = args.toolInput === undefined ? null : JSON.stringify(args.toolInput);
  const credit =
    args.dailyLimit === null
      ? sql`select null::date as day where not exists (select 1 from existing)`
      : sql`insert into credit_usage (user_id, day, used)
          select ${userId}, ${day}::date, 1 where ${args.dailyLimit}::int > 0 and not exists (select 1 from existing)
          on conflict (user_id, day) do update set used = credit_usage.used + 1
          where credit_usage.used < ${args.dailyLimit}::int
          returning day`;
  const rows = queryRows<{ existed: boolean; credited: boolean; credit_day: string | null; created: boolean }>(
    db,
    sql`
    with existing as (select 1 from threads where id = ${request.threadId}),
    credit as (${credit}),
    thread as (
      insert into threads (id, user_id, tool_id, title, model_id, active_answer_id, tool_input, created_at, updated_at)
      select ${request.threadId}, ${userId}, ${request.toolId}, ${titleFromMessage(userMessageText(message))},
        ${request.modelId}, ${answerId}, ${toolInput}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      from credit
      on conflict (id) do nothing
      returning id
    ),
    turn as (
      insert into messages (id, thread_id, user_id, role, parts, text, status, model_id, credit_day, heartbeat_at, created_at)
      select m.id, thread.id, ${userId}, m.role, m.parts, m.text, m.status, m.model_id,
        case when m.takes_credit then credit.day end, m.heartbeat_at, m.created_at
      from thread, credit, (values
        (1, ${message.id}, 'user', ${JSON.stringify(message.parts)}::jsonb, ${userMessageText(message)}, 'complete',
          null::text, false, null::timestamptz, ${at}::timestamptz),
        (2, ${answerId}, 'assistant', '[]'::jsonb, '', 'streaming', ${request.modelId}, true, ${at}::timestamptz, ${answerAt}::timestamptz)
      ) as m(ord, id, role, parts, text, status, model_id, takes_credit, heartbeat_at, created_at)
      order by m.ord
      returning id
    )
    select exists (select 1 from existing) as existed, exists (select 1 from credit) as credited,
      (select day::text from credit) as credit_day, exists (select 1 from thread) as created`,
  );
  // A message id already taken (an edit sent as a new chat, or someone else's id) fails the whole
  // statement, so nothing of it stays; writeTurn then answers as for any message.
  const [row] = await rows.catch((err: unknown) => {
    if (databaseCode(err) === UNIQUE_VIOLATION) return [];
    throw err;
  });
  if (!row || row.existed) return { kind: 'not-written' };
  if (!row.credited) return { kind: 'out-of-credits' };
  const taken = row.credit_day ?? null;
  return row.created ? { kind: 'written', creditDay: taken } : { kind: 'credited', creditDay: taken };
}

const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's error code, whether the driver's error comes as is or wrapped by Drizzle. */
function databaseCode(err: unknown): unknown {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code ?? e?.cause?.code;
}
