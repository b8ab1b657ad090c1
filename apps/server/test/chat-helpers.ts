import { type ProviderFakes, startProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client.ts';
import { changesHeard, type TestClient } from './auth-helpers.ts';

/** The server's environment pointing every provider at the local stand-ins. */
export function providerEnv(fakes: ProviderFakes): Record<string, string> {
  return {
    OPENAI_API_KEY: 'fake-openai',
    OPENAI_BASE_URL: fakes.baseUrls.openai,
    ANTHROPIC_API_KEY: 'fake-anthropic',
    ANTHROPIC_BASE_URL: fakes.baseUrls.anthropic,
    GOOGLE_GENERATIVE_AI_API_KEY: 'fake-google',
    GOOGLE_GENERATIVE_AI_BASE_URL: fakes.baseUrls.google,
    DEEPSEEK_API_KEY: 'fake-deepseek',
    DEEPSEEK_BASE_URL: fakes.baseUrls.deepseek,
    XAI_API_KEY: 'fake-xai',
    XAI_BASE_URL: fakes.baseUrls.xai,
  };
}

export { startProviderFakes };

let counter = 0;
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export function sendBody(threadId: string, text: string, modelId = 'gpt-4o-mini', messageId = newId('m')) {
  return {
    trigger: 'submit-message',
    threadId,
    toolId: 'web-main',
    modelId,
    message: { id: messageId, role: 'user', parts: [{ type: 'text', text }] },
  };
}

export type StreamChunk = { type: string; delta?: string; errorText?: string; messageId?: string } & Record<
  string,
  unknown
>;

/** Parses an AI SDK UI message stream (SSE) into its chunks. */
export function parseSse(body: string): StreamChunk[] {
  return body
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
    .map((frame) => JSON.parse(frame.slice(6)) as StreamChunk);
}

export function textOf(chunks: StreamChunk[], type = 'text-delta'): string {
  return chunks
    .filter((c) => c.type === type)
    .map((c) => c.delta ?? '')
    .join('');
}

/** Sends a message and reads the whole answer stream. */
export async function chat(c: TestClient, body: unknown) {
  const res = await c.post('/api/chat', body);
  const raw = await res.text();
  return { res, raw, chunks: res.status === 200 ? parseSse(raw) : [] };
}

/** Changes a person's plan in the database, as an operator would, and waits until the change is heard. */
export async function setPlan(database: Database, client: TestClient, plan: 'free' | 'pro'): Promise<string> {
  const me = (await (await client.get('/api/me')).json()) as { id: string };
  await database.db.execute(sql`update users set access_level = ${plan} where id = ${me.id}`);
  await changesHeard(database);
  return me.id;
}

export async function messageRow(db: Db, id: string) {
  const result = (await db.execute(
    sql`select status, text, role, credit_refunded from messages where id = ${id}`,
  )) as unknown as {
    rows: { status: string; text: string; role: string; credit_refunded: boolean }[];
  };
  return result.rows[0];
}

/**
 * Polls until `probe` gives a value. The limit is for something that never happens, so it scales
 * with the machine (TEST_TIME_SCALE, set by vitest.config.ts from e2e/support/time-limits.ts: 3 on CI).
 */
export async function until<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000 * (Number(process.env.TEST_TIME_SCALE) || 1),
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
