import { type ChatRequest, PDF_MEDIA_TYPE, type UserMessage } from '@polymath/shared';
import type { Db } from '../../db/client.ts';
import { isPostgres, preparedStatement } from '../../db/prepared-statement.ts';
import { creditDay, takeCreditSql } from '../credits/index.ts';
import { titleFromMessage, userMessageText } from './chat.service.ts';

/** What the one statement did; only `written` and `credited` wrote anything. */
export type FirstTurnResult =
  /** The thread exists (the person's next message, or someone else's chat): the usual steps follow. */
  | { kind: 'thread-exists' }
  /** The message id is taken: the usual steps tell the person why. */
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
 * tells those cases apart. The credit is taken by takeCredit's own SQL (takeCreditSql), so
 * concurrent sends still serialise on the day's row.
 *
 * On PostgreSQL its commit does not wait for the disk (synchronous_commit off for this one
 * transaction): the credit is taken and the rows are visible to every other transaction when it
 * returns, and confirmFirstTurn makes them durable while the provider is called (decision 018).
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
    /** The lease of the instance writing the answer (decision 034); null without one. */
    instanceId?: string | null;
  },
): Promise<FirstTurnResult> {
  const { userId, request, answerId, now } = args;
  const message: UserMessage = request.message;
  const text = userMessageText(message);
  // A message id already taken (an edit sent as a new chat, or someone else's id) fails the whole
  // statement, so nothing of it stays; writeTurn then answers as for any message.
  const [row] = await firstTurnStatement(db, [
    request.threadId,
    userId,
    creditDay(now),
    args.dailyLimit,
    request.toolId,
    titleFromMessage(text),
    request.modelId,
    answerId,
    args.toolInput === undefined ? null : JSON.stringify(args.toolInput),
    now.toISOString(),
    message.id,
    JSON.stringify(message.parts),
    text,
    new Date(now.getTime() + 1).toISOString(),
    deferredCommit(db) ? 'off' : 'on',
    args.instanceId ?? null,
  ]).catch((err: unknown) => {
    if (databaseCode(err) === UNIQUE_VIOLATION) return [];
    throw err;
  });
  if (!row) return { kind: 'not-written' };
  if (row.existed) return { kind: 'thread-exists' };
  if (!row.allowed) return { kind: 'out-of-credits' };
  const taken = row.credit_day ?? null;
  return row.created ? { kind: 'written', creditDay: taken } : { kind: 'credited', creditDay: taken };
}

/**
 * $1 thread id, $2 user id, $3 credit day, $4 daily limit (null: Pro, nothing taken), $5 tool,
 * $6 title, $7 model, $8 answer id, $9 tool input (JSON or null), $10 now, $11 message id,
 * $12 message parts (JSON), $13 message text, $14 the answer's created_at (a millisecond later, so
 * the two sort in order), $15 synchronous_commit for this transaction ('off' on PostgreSQL), $16 the
 * writing instance's lease id (the answer's instance_id, or null). The
 * credit upsert is takeCredit's (takeCreditSql); the answer carries the day it took.
 */
const firstTurnStatement = preparedStatement<{
  existed: boolean;
  allowed: boolean;
  credit_day: string | null;
  created: boolean;
}>(
  'chat_first_turn',
  `with existing as (select 1 from threads where id = $1),
  credit as (
    ${takeCreditSql({ userId: '$2', day: '$3', dailyLimit: '$4', when: 'not exists (select 1 from existing)' })}
  ),
  allowed as (
    select day from credit
    union all
    select null::date where $4::int is null and not exists (select 1 from existing)
  ),
  thread as (
    insert into threads (id, user_id, tool_id, title, model_id, active_answer_id, tool_input, created_at, updated_at)
    select $1, $2, $5, $6, $7, $8, $9::jsonb, $10::timestamptz, $10::timestamptz from allowed
    on conflict (id) do nothing
    returning id
  ),
  turn as (
    insert into messages (id, thread_id, user_id, role, parts, text, status, model_id, credit_day, heartbeat_at, instance_id, created_at)
    select m.id, thread.id, $2, m.role, m.parts, m.text, m.status, m.model_id,
      case when m.takes_credit then allowed.day end, m.heartbeat_at,
      case when m.role = 'assistant' then $16::text end, m.created_at
    from thread, allowed, (values
      (1, $11, 'user', $12::jsonb, $13, 'complete', null::text, false, null::timestamptz, $10::timestamptz),
      (2, $8, 'assistant', '[]'::jsonb, '', 'streaming', $7, true, $10::timestamptz, $14::timestamptz)
    ) as m(ord, id, role, parts, text, status, model_id, takes_credit, heartbeat_at, created_at)
    order by m.ord
    returning id
  )
  select exists (select 1 from existing) as existed, exists (select 1 from allowed) as allowed,
    (select day::text from allowed) as credit_day, exists (select 1 from thread) as created,
    set_config('synchronous_commit', $15, true) as commit_mode`,
);

/**
 * Makes the turn durable: a small write committed the usual (synchronous) way flushes the
 * write-ahead log up to it, and so past the first-turn statement's own commit, which did not wait
 * for that flush. It runs while the provider is called; nothing of the answer reaches anyone before
 * it has returned (generation.ts), so an answer is never given for a turn that is not stored. It
 * fails when the answer's row is not there (the database lost it in a crash meanwhile). On PGlite
 * the statement's own commit was durable: nothing to do.
 */
export async function confirmFirstTurn(db: Db, answerId: string, now: Date): Promise<void> {
  if (!deferredCommit(db)) return;
  const rows = await confirmStatement(db, [answerId, now.toISOString()]);
  if (rows.length !== 1) throw new Error('the turn was not stored');
}

/**
 * PostgreSQL only. PGlite runs inside this process with no WAL writer of its own: a commit that did
 * not write its log would die with the process, so its commits stay synchronous.
 */
const deferredCommit = isPostgres;

const confirmStatement = preparedStatement<{ id: string }>(
  'chat_first_turn_confirm',
  `update messages set heartbeat_at = $2::timestamptz where id = $1 and status = 'streaming' returning id`,
);

const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's error code, whether the driver's error comes as is or wrapped by Drizzle. */
function databaseCode(err: unknown): unknown {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code ?? e?.cause?.code;
}
