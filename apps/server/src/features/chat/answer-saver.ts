import type { UIMessage } from 'ai';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { messagePartsText } from './chat.service.ts';

/**
 * How often streaming answers are written to the database. Each write replaces the row, so this
 * trades what a crash can lose (at most this long) against database load.
 */
export const SAVE_EVERY_MS = 1500;

/** An answer being saved as it streams: its parts, and whether they changed since the last save. */
export type SavedAnswer = { parts: UIMessage['parts']; takeChanges(): boolean };

/**
 * Saves every streaming answer of one database with ONE timer and ONE statement per tick, however
 * many answers stream (thousands in one process, bench B3): the changed ones get their parts and
 * text, and every answer gets its heartbeat when it is due, so only a dead process's answers go
 * stale (stream-recovery.ts), including one whose provider is silent.
 */
export type AnswerSaver = {
  track(answerId: string, answer: SavedAnswer): void;
  /** Stops saving the answer; resolves once a save of it in flight is done, so settling comes after. */
  untrack(answerId: string): Promise<void>;
};

const savers = new WeakMap<Db, AnswerSaver>();

/** The saver of this database (made on first use; its timer runs only while answers stream). */
export function answerSaverFor(db: Db, logger: Logger, staleSeconds: number): AnswerSaver {
  let saver = savers.get(db);
  if (!saver) {
    saver = createAnswerSaver(db, logger, staleSeconds);
    savers.set(db, saver);
  }
  return saver;
}

type Tracked = { answer: SavedAnswer; beatAt: number };

function createAnswerSaver(db: Db, logger: Logger, staleSeconds: number): AnswerSaver {
  // The heartbeat is well inside the stale limit, so a live answer never looks dead.
  const heartbeatMs = Math.max(250, Math.min(SAVE_EVERY_MS * 5, (staleSeconds * 1000) / 3));
  const tickMs = Math.min(SAVE_EVERY_MS, heartbeatMs);
  const tracked = new Map<string, Tracked>();
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  let busy = false;

  async function save() {
    const now = Date.now();
    const rows: { id: string; parts?: string; text?: string }[] = [];
    for (const [id, entry] of tracked) {
      if (entry.answer.takeChanges()) {
        const { parts } = entry.answer;
        rows.push({ id, parts: JSON.stringify(parts), text: messagePartsText(parts) });
        entry.beatAt = now;
      } else if (now - entry.beatAt >= heartbeatMs - tickMs / 2) {
        rows.push({ id });
        entry.beatAt = now;
      }
    }
    if (rows.length === 0) return;
    // One statement for all: the rows' new parts and text (or only the heartbeat), and only while
    // the answer is still streaming (a settled answer is never overwritten by a late save).
    await db.execute(sql`
      update messages m set
        parts = coalesce(v.parts::jsonb, m.parts),
        text = coalesce(v.text, m.text),
        heartbeat_at = ${new Date(now).toISOString()}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, parts text, text text)
      where m.id = v.id and m.status = 'streaming'`);
  }

  const tick = () => {
    if (busy) return; // the database is slower than the ticks: the next one catches up
    busy = true;
    saving = save()
      .catch((err: unknown) => logger.warn({ err }, 'could not save the streaming answers'))
      .finally(() => {
        busy = false;
      });
  };

  return {
    track(answerId, answer) {
      tracked.set(answerId, { answer, beatAt: Date.now() });
      if (!timer) {
        timer = setInterval(tick, tickMs);
        timer.unref();
      }
    },
    async untrack(answerId) {
      tracked.delete(answerId);
      if (tracked.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
      await saving;
    },
  };
}
