import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TextSize } from './token-count.ts';

/**
 * Stores messages' sizes (what the model reads of them, decision 027) in one statement, so later
 * turns read them instead of counting again. Sizes are facts about a message's text: writing the
 * same ones twice is harmless.
 */
export async function storeMessageSizes(db: Db, sizes: { id: string; size: TextSize }[]): Promise<void> {
  if (sizes.length === 0) return;
  const rows = JSON.stringify(sizes.map(({ id, size }) => ({ id, tokens: size.tokens, estimate: size.estimate })));
  await db.execute(sql`
    update messages m set context_tokens = v.tokens, context_estimate = v.estimate
    from jsonb_to_recordset(${rows}::jsonb) as v(id text, tokens int, estimate int)
    where m.id = v.id`);
}
