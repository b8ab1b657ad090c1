import type { ProviderFakes } from '@polymath/provider-fakes';
import {
  type CitySearchResponse,
  HOROSCOPE_TYPE_SLUGS,
  type HoroscopeFacts,
  type HoroscopeType,
  horoscopeFactsSchema,
  horoscopeInputSchema,
  type Locale,
  type SkyResponse,
  skyFactsSchema,
  type Thread,
  zodiacSign,
} from '@polymath/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { computeBirthChart } from '../src/features/tools/horoscope/birth-chart.ts';
import { HOROSCOPE_FACTS_TOOL_NAME } from '../src/features/tools/horoscope/horoscope-prompts.ts';
import { TYPE_NAMES } from '../src/features/tools/horoscope/horoscope-texts.ts';
import { bodyPositions, computeSky } from '../src/features/tools/horoscope/sky.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { chat, newId, providerEnv, type StreamChunk, setPlan, startProviderFakes, textOf } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

/** One input per type, as the page sends them (a sign, a birthday, a pair, a birth moment and place). */
const INPUTS: Record<HoroscopeType, Record<string, unknown>> = {
  daily: { type: 'daily', person: { sign: 'leo' }, timeZone: 'Europe/Istanbul' },
  weekly: { type: 'weekly', person: { birthDate: '1990-03-25' }, timeZone: 'America/New_York' },
  monthly: { type: 'monthly', person: { sign: 'pisces' } },
  love: { type: 'love', person: { sign: 'scorpio' }, timeZone: 'Asia/Tokyo' },
  career: { type: 'career', person: { sign: 'capricorn' }, timeZone: 'Europe/Istanbul' },
  compatibility: {
    type: 'compatibility',
    person: { sign: 'aries' },
    partner: { birthDate: '1992-10-01' },
    timeZone: 'Europe/Istanbul',
  },
  'birth-chart': {
    type: 'birth-chart',
    birthDate: '1990-08-01',
    birthTime: '14:30',
    cityId: 'izmir-tr',
    timeZone: 'Europe/Istanbul',
  },
};
/** The sun sign each input names or implies (25 March is Aries; 1 October is Libra). */
const SIGNS: Partial<Record<HoroscopeType, [string, string?]>> = {
  daily: ['leo'],
  weekly: ['aries'],
  monthly: ['pisces'],
  love: ['scorpio'],
  career: ['capricorn'],
  compatibility: ['aries', 'libra'],
};

function horoscopeTurn(
  toolInput: Record<string, unknown> | undefined,
  options: { text?: string; locale?: Locale; threadId?: string; modelId?: string } = {},
) {
  return {
    trigger: 'submit-message',
    threadId: options.threadId ?? newId('h'),
    toolId: 'horoscope',
    modelId: options.modelId ?? 'gpt-4o-mini',
    locale: options.locale ?? 'en',
    ...(toolInput ? { toolInput } : {}),
    message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text: options.text ?? 'My reading, please' }] },
  };
}

/** The horoscope_sky call of an answer: the model asked for it, the server answered with the facts. */
function skyCall(chunks: StreamChunk[]): HoroscopeFacts {
  const input = chunks.find((c) => c.type === 'tool-input-available');
  expect(input?.toolName, JSON.stringify(chunks.map((c) => c.type))).toBe(HOROSCOPE_FACTS_TOOL_NAME);
  const output = chunks.find((c) => c.type === 'tool-output-available');
  expect(output, JSON.stringify(chunks.filter((c) => c.type.startsWith('tool')))).toBeDefined();
  return horoscopeFactsSchema.parse(output?.output);
}

/** The facts are the server's own computation: the positions are the sky at their instant. */
function expectComputed(facts: HoroscopeFacts, input: Record<string, unknown>, locale: Locale) {
  const type = input.type as HoroscopeType;
  expect(facts.type).toBe(type);
  expect(facts.sky.positions).toEqual(bodyPositions(new Date(facts.sky.at)));
  expect(Math.abs(Date.parse(facts.sky.at) - Date.now())).toBeLessThan(60_000);
  expect(facts.sky.period.timeZone).toBe(input.timeZone ?? 'UTC');
  expect(facts.sky.positions.map((p) => p.body)).toEqual([
    'sun',
    'moon',
    'mercury',
    'venus',
    'mars',
    'jupiter',
    'saturn',
  ]);
  const [sign, partner] = SIGNS[type] ?? [];
  expect(facts.person?.sign ?? null).toBe(sign ?? null);
  expect(facts.partner?.sign ?? null).toBe(partner ?? null);
  if (type === 'compatibility') expect(facts.compatibility).toMatchObject({ distance: 6, aspect: 'opposition' });
  if (type === 'birth-chart') {
    const parsed = horoscopeInputSchema.parse(input);
    if (parsed.type !== 'birth-chart') throw new Error('not a birth chart');
    expect(facts.chart).toEqual(computeBirthChart(parsed, locale));
    expect(facts.chart?.birth.localName).toBe(locale === 'tr' ? 'İzmir' : 'Izmir');
  } else {
    expect(facts.chart).toBeNull();
  }
}

async function credits(c: TestClient): Promise<{ used: number }> {
  return (await (await c.get('/api/credits')).json()) as { used: number };
}

async function threadList(c: TestClient): Promise<Thread[]> {
  return ((await (await c.get('/api/threads?toolId=horoscope')).json()) as { threads: Thread[] }).threads;
}

describeEachDatabase('horoscope', { exercises: ['concurrent-writes'] }, (ctx) => {
  let mailer: CaptureMailer;

  describe('through the chat model (stand-ins)', () => {
    let app: App;
    let pro: TestClient;

    beforeAll(async () => {
      mailer = captureMailer();
      app = createTestApp(ctx.database, {
        mailer,
        env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), FREE_DAILY_MESSAGES: '3', CHAT_RATE_LIMIT_MAX: '1000' },
      });
      pro = await signedInUser(app, mailer);
      await setPlan(ctx.database, pro, 'pro');
    });
    beforeEach(() => fakes.reset());

    it.each(HOROSCOPE_TYPE_SLUGS.map((type, i) => [type, i % 2 ? 'tr' : 'en'] as const))(
      '%s (%s): the model calls horoscope_sky, gets the computed sky as its result and answers from it',
      async (type, locale) => {
        const input = INPUTS[type];
        const threadId = newId('h');
        const { res, chunks } = await chat(pro, horoscopeTurn(input, { locale, threadId }));
        expect(res.status).toBe(200);
        const facts = skyCall(chunks);
        expectComputed(facts, input, locale);
        expect(textOf(chunks)).toContain(`The ${HOROSCOPE_FACTS_TOOL_NAME} tool returned: {"type":"${type}"`);

        // What the model saw: the type's prompt in the person's language, then the facts as the tool's result.
        const calls = fakes.requests().filter((r) => r.path.endsWith('/chat/completions'));
        expect(calls).toHaveLength(2);
        const [first, second] = calls.map(
          (r) => (r.body as { messages: { role: string; content: unknown }[] }).messages,
        );
        const system = String(first?.find((m) => m.role === 'system')?.content);
        expect(system).toContain(TYPE_NAMES[locale][type]);
        expect(system).toContain(locale === 'tr' ? 'Türkçe yazın' : 'Write in English');
        expect(system).toContain(`\`${HOROSCOPE_FACTS_TOOL_NAME}\``);
        const tools = (calls[0]?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? [];
        expect(tools.map((t) => t.function.name)).toEqual([HOROSCOPE_FACTS_TOOL_NAME]);
        const result = second?.find((m) => m.role === 'tool');
        expect(JSON.parse(String(result?.content))).toEqual(facts);

        // Kept with the thread: its type makes its address /horoscope/<type>/<id>.
        const stored = (await (await pro.get(`/api/threads/${threadId}`)).json()) as {
          thread: Thread;
          toolInput: Record<string, unknown>;
        };
        expect(stored.toolInput).toEqual(horoscopeInputSchema.parse(input));
        expect(stored.thread.pathId).toBe(type);
        expect((await threadList(pro)).find((t) => t.id === threadId)?.pathId).toBe(type);
      },
    );

    it('continues the thread: a follow-up carries the reading so far and computes the sky again', async () => {
      const threadId = newId('h');
      const input = INPUTS.daily;
      const first = await chat(pro, horoscopeTurn(input, { threadId }));
      expect(first.res.status).toBe(200);
      fakes.reset();
      const followUp = await chat(pro, horoscopeTurn(input, { threadId, text: 'And what about my evening?' }));
      expect(followUp.res.status).toBe(200);
      expectComputed(skyCall(followUp.chunks), input, 'en');
      const [request] = fakes.requests().filter((r) => r.path.endsWith('/chat/completions'));
      const messages = (request?.body as { messages?: { role: string }[] } | undefined)?.messages ?? [];
      // The first reading (its call, the facts, the answer) comes before the new question.
      expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
      const stored = (await (await pro.get(`/api/threads/${threadId}`)).json()) as { messages: unknown[] };
      expect(stored.messages).toHaveLength(4);
    });

    it('refuses a reading with no type in the spec’s words, before anything is written or charged', async () => {
      const free = await signedInUser(app, mailer);
      for (const toolInput of [
        undefined,
        {},
        { person: { sign: 'leo' } },
        { type: 'tarot', person: { sign: 'leo' } },
      ]) {
        const threadId = newId('h');
        const res = await free.post('/api/chat', horoscopeTurn(toolInput, { threadId }));
        const body = await expectError(res, 400, 'VALIDATION_FAILED');
        expect(body.error.details?.fields).toEqual([
          { path: 'toolInput.type', message: 'Please selecet an horoscope type.' },
        ]);
        await expectError(await free.get(`/api/threads/${threadId}`), 404, 'NOT_FOUND');
      }
      expect((await credits(free)).used).toBe(0);
      expect(fakes.requests()).toHaveLength(0);
    });

    it('refuses a missing sign, a future birthday and a place not on the list at their fields', async () => {
      const free = await signedInUser(app, mailer);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ type: 'love', person: {} }, 'toolInput.person.sign', 'This field is required'],
        [{ type: 'daily', person: { sign: 'ophiuchus' } }, 'toolInput.person.sign', 'Choose one of the twelve signs'],
        [
          { type: 'weekly', person: { birthDate: '2999-01-01' } },
          'toolInput.person.birthDate',
          'The birth date cannot be in the future',
        ],
        [
          { type: 'birth-chart', birthDate: '1990-08-01', birthTime: '25:00', cityId: 'izmir-tr' },
          'toolInput.birthTime',
          'Enter a valid time (HH:MM)',
        ],
        [
          { type: 'birth-chart', birthDate: '1990-08-01', cityId: 'atlantis-xx' },
          'toolInput.cityId',
          'Choose a city from the list',
        ],
        [
          { type: 'daily', person: { sign: 'leo' }, timeZone: '../../etc' },
          'toolInput.timeZone',
          'Not a time zone name',
        ],
      ];
      for (const [toolInput, path, message] of cases) {
        const body = await expectError(
          await free.post('/api/chat', horoscopeTurn(toolInput)),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.error.details?.fields).toContainEqual({ path, message });
      }
      expect((await credits(free)).used).toBe(0);
    });

    it('charges a free user one daily message per reading, like chat; Pro readings are unlimited', async () => {
      const free = await signedInUser(app, mailer);
      for (let i = 1; i <= 3; i++) {
        const { res } = await chat(free, horoscopeTurn(INPUTS.daily));
        expect(res.status).toBe(200);
        expect((await credits(free)).used).toBe(i);
      }
      await expectError(await free.post('/api/chat', horoscopeTurn(INPUTS.daily)), 402, 'OUT_OF_CREDITS');
      for (let i = 0; i < 4; i++) expect((await chat(pro, horoscopeTurn(INPUTS.daily))).res.status).toBe(200);
    });

    it('a well-formed zone the server does not know reads the day in UTC', async () => {
      const { chunks } = await chat(pro, horoscopeTurn({ ...INPUTS.daily, timeZone: 'Mars/Olympus_Mons' }));
      expect(skyCall(chunks).sky.period.timeZone).toBe('UTC');
    });
  });

  describe('through the offline demo model (no provider key)', () => {
    let app: App;
    let user: TestClient;

    beforeAll(async () => {
      app = createTestApp(ctx.database, {
        mailer,
        env: { ...AUTH_TEST_ENV, FREE_DAILY_MESSAGES: '100', CHAT_RATE_LIMIT_MAX: '1000' },
      });
      user = await signedInUser(app, mailer);
    });

    it('writes a real, sky-based reading of every type in both languages from the computed facts', async () => {
      // The demo streams word by word: every type at once keeps the test short.
      const runs = HOROSCOPE_TYPE_SLUGS.flatMap((type) => (['en', 'tr'] as const).map((locale) => ({ type, locale })));
      const results = await Promise.all(
        runs.map(({ type, locale }) => chat(user, horoscopeTurn(INPUTS[type], { locale, modelId: 'demo' }))),
      );
      for (const [i, { type, locale }] of runs.entries()) {
        const { res, chunks } = results[i] ?? {};
        expect(res?.status).toBe(200);
        const facts = skyCall(chunks ?? []);
        expectComputed(facts, INPUTS[type], locale);
        const text = textOf(chunks ?? []);
        expect(text.startsWith(locale === 'tr' ? '**Demo yorum.**' : '**Demo reading.**'), text).toBe(true);
        expect(text).toContain(
          locale === 'tr' ? 'Burç yorumları eğlence amaçlıdır' : 'Horoscopes are for entertainment',
        );
        // The reading names the positions the server computed: today's Sun and Moon (or the chart's).
        const positions = facts.chart?.positions ?? facts.sky.positions;
        for (const body of ['sun', 'moon'] as const) {
          const sign = positions.find((p) => p.body === body)?.sign;
          expect(text).toContain(zodiacSign(sign as never).name[locale]);
        }
        if (facts.person) expect(text).toContain(zodiacSign(facts.person.sign).name[locale]);
        if (facts.partner) expect(text).toContain(zodiacSign(facts.partner.sign).name[locale]);
        if (facts.chart) expect(text).toContain(locale === 'tr' ? 'İzmir' : 'Izmir');
      }
      expect((await credits(user)).used).toBe(runs.length);
    }, 60_000);
  });

  describe('GET /api/horoscope/sky and /cities', () => {
    let app: App;

    beforeAll(() => {
      app = createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV } });
    });

    it('gives the sky now, signed out, for the person’s zone: the computed positions and today’s events', async () => {
      const visitor = client(app);
      const res = await visitor.get('/api/horoscope/sky?timeZone=Europe/Istanbul');
      expect(res.status).toBe(200);
      const { sky } = (await res.json()) as SkyResponse;
      expect(skyFactsSchema.parse(sky)).toEqual(sky);
      const at = new Date(sky.at);
      expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(61_000);
      expect(at.getUTCSeconds()).toBe(0);
      expect(sky.period.timeZone).toBe('Europe/Istanbul');
      // Istanbul's today: from a local midnight (21:00 UTC) for 24 hours.
      expect(sky.period.start).toMatch(/T21:00:00Z$/);
      expect(Date.parse(sky.period.end) - Date.parse(sky.period.start)).toBe(86_400_000);
      const period = { start: new Date(sky.period.start), end: new Date(sky.period.end) };
      expect(sky).toEqual(computeSky(at, period, 'Europe/Istanbul'));
      // Any letter case names the same zone; no zone is UTC.
      const lower = (await (await visitor.get('/api/horoscope/sky?timeZone=europe/istanbul')).json()) as SkyResponse;
      expect(lower.sky.period.timeZone).toBe('Europe/Istanbul');
      const none = (await (await visitor.get('/api/horoscope/sky')).json()) as SkyResponse;
      expect(none.sky.period).toMatchObject({ timeZone: 'UTC', start: expect.stringMatching(/T00:00:00Z$/) });
      const unknown = (await (
        await visitor.get('/api/horoscope/sky?timeZone=Mars/Olympus_Mons')
      ).json()) as SkyResponse;
      expect(unknown.sky.period.timeZone).toBe('UTC');
    });

    it('refuses a malformed zone and unknown parameters', async () => {
      const visitor = client(app);
      for (const query of ['timeZone=../../etc/passwd', `timeZone=${'A'.repeat(65)}`, 'timeZone=Europe/Istanbul&x=1']) {
        await expectError(await visitor.get(`/api/horoscope/sky?${query}`), 400, 'VALIDATION_FAILED');
      }
    });

    it('finds birth places by any spelling, best first, and one by its id', async () => {
      const visitor = client(app);
      const search = async (q: string, extra = '') => {
        const res = await visitor.get(`/api/horoscope/cities?q=${encodeURIComponent(q)}${extra}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as CitySearchResponse).cities;
      };
      const [izmir] = await search('izmir');
      expect(izmir).toEqual({
        id: 'izmir-tr',
        name: 'Izmir',
        nativeName: 'İzmir',
        countryCode: 'TR',
        latitude: 38.42,
        longitude: 27.14,
        timeZone: 'Europe/Istanbul',
      });
      expect((await search('İZMİR'))[0]?.id).toBe('izmir-tr');
      expect((await search('munchen'))[0]?.id).toBe('munich-de');
      expect(await search('a', '&limit=3')).toHaveLength(3);
      expect(await search('zzqx')).toEqual([]);
      const one = await visitor.get('/api/horoscope/cities/izmir-tr');
      expect(await one.json()).toEqual(izmir);
      await expectError(await visitor.get('/api/horoscope/cities/atlantis-xx'), 404, 'NOT_FOUND');
      for (const query of ['q=', 'q=%20%20', `q=${'a'.repeat(81)}`, 'q=x&limit=0', 'q=x&limit=21', 'q=x&limit=two']) {
        await expectError(await visitor.get(`/api/horoscope/cities?${query}`), 400, 'VALIDATION_FAILED');
      }
    });

    it('limits how often one address may ask', async () => {
      const visitor = client(app);
      for (let i = 0; i < 120; i++) expect((await visitor.get('/api/horoscope/cities?q=ank')).status).toBe(200);
      await expectError(await visitor.get('/api/horoscope/cities?q=ank'), 429, 'RATE_LIMITED');
      await expectError(await visitor.get('/api/horoscope/sky'), 429, 'RATE_LIMITED');
      expect((await client(app).get('/api/horoscope/cities?q=ank')).status).toBe(200);
    });
  });
});
