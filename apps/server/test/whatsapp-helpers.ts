import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { WhatsAppPending, WhatsAppStatus } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { ORIGIN, type TestClient } from './auth-helpers.ts';

/** A valid Turkish mobile number nobody else in the run uses (E.164). */
export function uniqueMobile(): string {
  return `+90532${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** A US number nobody else in the run uses (E.164): someone writing in English. */
export function uniqueUsNumber(): string {
  return `+1201555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** The digits WhatsApp names a number by (wa_id). */
export function waId(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** POSTs a webhook delivery as Meta does: the raw body with its X-Hub-Signature-256 (no Origin). */
export function postWebhook(app: App, delivery: { rawBody: string; signature?: string | undefined }) {
  return app.request(`${ORIGIN}/api/whatsapp/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(delivery.signature === undefined ? {} : { 'x-hub-signature-256': delivery.signature }),
    },
    body: delivery.rawBody,
  });
}

export async function sendCode(c: TestClient, phone: string, extra: Record<string, unknown> = {}) {
  return c.post('/api/whatsapp/link/code', { phone, country: 'TR', modelId: 'gpt-4o-mini', locale: 'en', ...extra });
}

export async function expectPending(res: Response): Promise<WhatsAppPending> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as WhatsAppPending;
}

export async function statusOf(c: TestClient): Promise<WhatsAppStatus> {
  const res = await c.get('/api/whatsapp/link');
  expect(res.status).toBe(200);
  return (await res.json()) as WhatsAppStatus;
}

export type Row = Record<string, unknown>;

export async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function countInbound(db: Db, phone: string): Promise<number> {
  const [row] = await rows(db, sql`select count(*)::int as n from whatsapp_inbound where phone = ${phone}`);
  return Number(row?.n ?? 0);
}

/** The WhatsApp thread of an account and its messages, as stored. */
export async function whatsappThreads(db: Db, userId: string) {
  return rows(
    db,
    sql`select t.id, t.tool_id, t.model_id, (select count(*)::int from messages m where m.thread_id = t.id) as messages
        from threads t where t.user_id = ${userId} and t.tool_id = 'whatsapp' order by t.created_at`,
  );
}

/** A logger that keeps its lines (parsed) in memory, for tests that check what was logged. */
export function memoryLogger(level: 'info' | 'warn' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}
