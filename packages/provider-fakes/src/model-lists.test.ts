import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProviderFakes, startProviderFakes } from './server.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const get = (path: string, headers: Record<string, string> = { authorization: 'Bearer k' }) =>
  fetch(`${fakes.url}${path}`, { headers });

describe('model lists in each provider wire format', () => {
  it('OpenAI, DeepSeek and xAI answer a list of model objects', async () => {
    const openai = (await (await get('/openai/v1/models')).json()) as { object: string; data: { id: string }[] };
    expect(openai.object).toBe('list');
    expect(openai.data.map((m) => m.id)).toContain('gpt-4o-mini');
    const deepseek = (await (await get('/deepseek/models')).json()) as { data: { id: string; owned_by: string }[] };
    expect(deepseek.data[0]).toMatchObject({ id: 'deepseek-chat', owned_by: 'deepseek' });
    const xai = (await (await get('/xai/v1/models')).json()) as { data: { id: string }[] };
    expect(xai.data.map((m) => m.id)).toContain('grok-2-vision-1212');
    expect(xai.data.map((m) => m.id)).not.toContain('grok-2-vision');
    const alias = (await (await get('/xai/v1/models/grok-2-vision')).json()) as { id: string };
    expect(alias.id).toBe('grok-2-vision-1212');
  });

  it('Anthropic pages dated ids and resolves a -latest alias on retrieve', async () => {
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const first = (await (await get('/anthropic/v1/models?limit=1', headers)).json()) as {
      data: { id: string; type: string }[];
      has_more: boolean;
      last_id: string;
    };
    expect(first.data).toEqual([expect.objectContaining({ type: 'model', id: 'claude-3-5-haiku-20241022' })]);
    expect(first.has_more).toBe(true);
    const next = (await (await get(`/anthropic/v1/models?limit=1000&after_id=${first.last_id}`, headers)).json()) as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(next.data.map((m) => m.id)).toContain('claude-3-5-sonnet-20241022');
    expect(next.has_more).toBe(false);
    const latest = await get('/anthropic/v1/models/claude-3-5-sonnet-latest', headers);
    expect(((await latest.json()) as { id: string }).id).toBe('claude-3-5-sonnet-20241022');
  });

  it('Google names models as models/<id>', async () => {
    const body = (await (await get('/google/v1beta/models?pageSize=1000', { 'x-goog-api-key': 'k' })).json()) as {
      models: { name: string }[];
    };
    expect(body.models.map((m) => m.name)).toContain('models/gemini-2.0-flash');
  });

  it('asks for a key, as the providers do', async () => {
    expect((await get('/openai/v1/models', {})).status).toBe(401);
  });

  it('a removed model leaves the list, answers 404 and refuses chat until reset', async () => {
    await fetch(`${fakes.url}/__control/models`, {
      method: 'POST',
      body: JSON.stringify({ provider: 'google', remove: ['gemini-1.5-pro'] }),
    });
    const list = (await (await get('/google/v1beta/models', { 'x-goog-api-key': 'k' })).json()) as {
      models: { name: string }[];
    };
    expect(list.models.map((m) => m.name)).not.toContain('models/gemini-1.5-pro');
    expect((await get('/google/v1beta/models/gemini-1.5-pro', { 'x-goog-api-key': 'k' })).status).toBe(404);
    const chat = await fetch(`${fakes.url}/google/v1beta/models/gemini-1.5-pro:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(chat.status).toBe(404);
    fakes.reset();
    expect((await get('/google/v1beta/models/gemini-1.5-pro', { 'x-goog-api-key': 'k' })).status).toBe(200);
  });

  it('refuses a malformed control request', async () => {
    const res = await fetch(`${fakes.url}/__control/models`, {
      method: 'POST',
      body: JSON.stringify({ provider: 'nobody', remove: ['x'] }),
    });
    expect(res.status).toBe(400);
  });
});
