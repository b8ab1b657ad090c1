/**
 * Chats written straight into our server's database (B10): a thread with N messages, alternating a
 * short question and a markdown answer (paragraphs, a list; every 5th answer a code block, every 7th
 * a table), as the chat path stores them. PGlite allows one process at a time: seed while our server
 * is stopped (same DATA_DIR), PostgreSQL at any time.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Query = (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Runs `work` with a query function on the server's database (PGlite in dataDir, or PostgreSQL). */
export async function withDatabase<T>(
  where: { dataDir: string; postgresUrl?: string | undefined },
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (where.postgresUrl) {
    const client = new pg.Client({ connectionString: where.postgresUrl });
    await client.connect();
    try {
      return await work((sql, params) => client.query(sql, params));
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(where.dataDir, 'pglite'));
  try {
    return await work((sql, params) => db.query<Record<string, unknown>>(sql, params));
  } finally {
    await db.close();
  }
}

function answer(n: number): string {
  const parts = [
    `Here is answer ${n}. It explains the idea in a short paragraph with **bold words**, *emphasis* and ` +
      `\`inline code\`, the way most answers look: a few sentences, then the details.`,
    `- First point of answer ${n}\n- Second point, a little longer than the first one\n- Third point`,
  ];
  if (n % 5 === 0) parts.push(`\`\`\`ts\nexport const answer${n} = (x: number) => x * ${n};\n\`\`\``);
  if (n % 7 === 0) parts.push(`| Item | Value |\n| --- | ---: |\n| a${n} | ${n} |\n| b${n} | ${n * 2} |`);
  parts.push(`That is all for answer ${n}.`);
  return parts.join('\n\n');
}

/** Makes thread `threadId` of the user with `email` (AI Chat) with `count` messages; returns their ids in order. */
export async function seedThread(
  query: Query,
  { email, threadId, count }: { email: string; threadId: string; count: number },
): Promise<string[]> {
  const user = await query('select id from users where email = $1', [email]);
  const userId = user.rows[0]?.id;
  if (typeof userId !== 'string') throw new Error(`no user ${email} to seed a chat for`);
  await query(
    `insert into threads (id, user_id, tool_id, title, model_id) values ($1, $2, 'web-main', $3, 'gpt-4o-mini')`,
    [threadId, userId, `A chat of ${count} messages`],
  );
  const ids: string[] = [];
  const roles: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = i % 2 === 0;
    ids.push(`${threadId}-m${i}`);
    roles.push(user ? 'user' : 'assistant');
    texts.push(user ? `Question ${i / 2 + 1}: how does this part work, and why?` : answer((i + 1) / 2));
  }
  // One statement; ordinality keeps the order (seq is assigned in insertion order).
  await query(
    `insert into messages (id, thread_id, user_id, role, parts, text, status, model_id, created_at)
     select u.id, $4, $5, u.role, jsonb_build_array(jsonb_build_object('type', 'text', 'text', u.body)), u.body,
            'complete', case when u.role = 'assistant' then 'gpt-4o-mini' end,
            now() - make_interval(secs => ${count} - u.ord)
     from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u(id, role, body, ord)
     order by u.ord`,
    [ids, roles, texts, threadId, userId],
  );
  return ids;
}
