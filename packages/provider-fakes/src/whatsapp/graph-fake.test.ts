/** The WhatsApp Cloud API stand-in over plain HTTP: auth, messages, templates, errors, media, webhooks. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GraphFake, startGraphFake } from './graph-fake.ts';

const delivered: { rawBody: string; signature: string }[] = [];
let graph: GraphFake;
/** The fake's clock for its per-number pace: moved by hand, so a slow machine cannot outrun the pace. */
let clock = 1_000_000;
beforeAll(async () => {
  graph = await startGraphFake({
    pairRateLimitMs: 200,
    now: () => clock,
    webhook: async (rawBody, signature) => {
      delivered.push({ rawBody, signature });
    },
  });
});
afterAll(async () => {
  await graph.close();
});
beforeEach(() => {
  graph.reset();
  delivered.length = 0;
});

const send = (body: unknown, token = graph.accessToken) =>
  fetch(`${graph.apiUrl}/${graph.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
const text = (to: string, body: string) => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body } });
const sign = (raw: string) => `sha256=${createHmac('sha256', graph.appSecret).update(raw).digest('hex')}`;

describe('messages', () => {
  it('accepts a text with the right token and answers with its wamid; signed statuses follow', async () => {
    const res = await send(text('905321234567', 'Hello'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contacts: { wa_id: string }[]; messages: { id: string }[] };
    expect(body.contacts[0]?.wa_id).toBe('905321234567');
    expect(body.messages[0]?.id).toMatch(/^wamid\./);
    expect(graph.sent()).toMatchObject([{ to: '905321234567', type: 'text', text: 'Hello' }]);
    await graph.flush();
    expect(delivered).toHaveLength(2);
    for (const d of delivered) expect(d.signature).toBe(sign(d.rawBody));
    const statuses = delivered.map(
      (d) =>
        (JSON.parse(d.rawBody) as { entry: { changes: { value: { statuses: { status: string }[] } }[] }[] }).entry[0]
          ?.changes[0]?.value.statuses[0]?.status,
    );
    expect(statuses).toEqual(['sent', 'delivered']);
  });

  it("refuses what WhatsApp refuses, in the Graph API's error shape", async () => {
    const token = await send(text('905321234567', 'x'), 'wrong');
    expect(token.status).toBe(401);
    expect(await token.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    const long = await send(text('905321234567', 'x'.repeat(4097)));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: { code: 100 } });
    const template = await send({
      messaging_product: 'whatsapp',
      to: '905321234567',
      type: 'template',
      template: { name: 'no_such_template', language: { code: 'en' } },
    });
    expect(await template.json()).toMatchObject({ error: { code: 132001 } });
    expect(graph.sent()).toEqual([]);
  });

  it('fails as scripted, then sends; paces messages to one number like Meta', async () => {
    graph.fail('rate-limit', { to: '905321234567', times: 2 });
    for (let i = 0; i < 2; i++) {
      expect(await (await send(text('905321234567', 'x'))).json()).toMatchObject({ error: { code: 130429 } });
    }
    expect((await send(text('905321234567', 'now'))).status).toBe(200);
    const tooSoon = await send(text('905321234567', 'again'));
    expect(await tooSoon.json()).toMatchObject({ error: { code: 131056 } });
    expect((await send(text('15550001111', 'another number'))).status).toBe(200);
    clock += 199;
    expect(await (await send(text('905321234567', 'still too soon'))).json()).toMatchObject({
      error: { code: 131056 },
    });
    clock += 1;
    expect((await send(text('905321234567', 'later'))).status).toBe(200);
    expect(graph.sent().map((m) => m.text)).toEqual(['now', 'another number', 'later']);
  });

  it('takes the code template with its parameters', async () => {
    const res = await send({
      messaging_product: 'whatsapp',
      to: '905321234567',
      type: 'template',
      template: {
        name: 'polymath_link_code',
        language: { code: 'tr' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(graph.sent()[0]?.template).toEqual({
      name: 'polymath_link_code',
      language: 'tr',
      parameters: ['123456', '123456'],
    });
  });
});

describe('media, the number, inbound deliveries', () => {
  it('serves a media object and its bytes to the token holder', async () => {
    const id = graph.addMedia(new Uint8Array([1, 2, 3]), 'image/jpeg');
    const auth = { authorization: `Bearer ${graph.accessToken}` };
    const meta = (await (await fetch(`${graph.apiUrl}/${id}`, { headers: auth })).json()) as { url: string };
    expect(meta).toMatchObject({ id, mime_type: 'image/jpeg', file_size: 3 });
    expect((await fetch(meta.url)).status).toBe(401);
    const bytes = new Uint8Array(await (await fetch(meta.url, { headers: auth })).arrayBuffer());
    expect([...bytes]).toEqual([1, 2, 3]);
    const number = await fetch(`${graph.apiUrl}/${graph.phoneNumberId}?fields=display_phone_number`, { headers: auth });
    expect(await number.json()).toMatchObject({ display_phone_number: '+1 555-010-0000' });
  });

  it('builds signed deliveries of messages people send', async () => {
    const delivery = graph.inbound({ from: '905321234567', text: 'hi', timestamp: 1_700_000_000 });
    expect(delivery.signature).toBe(sign(delivery.rawBody));
    const value = (JSON.parse(delivery.rawBody) as { entry: { changes: { value: Record<string, unknown> }[] }[] })
      .entry[0]?.changes[0]?.value;
    expect(value).toMatchObject({
      metadata: { phone_number_id: graph.phoneNumberId },
      messages: [
        { from: '905321234567', id: delivery.id, timestamp: '1700000000', type: 'text', text: { body: 'hi' } },
      ],
    });
    const control = await fetch(`${graph.url}/__control/inbound`, {
      method: 'POST',
      body: JSON.stringify({ from: '905321234567', text: 'over HTTP' }),
    });
    expect(control.status).toBe(202);
    expect(delivered.at(-1)?.rawBody).toContain('over HTTP');
  });
});
