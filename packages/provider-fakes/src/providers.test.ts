/**
 * The stand-ins driven by the real AI SDK provider packages: if these parse the answers, the wire
 * formats are right (paths, headers, SSE framing, chunk shapes, usage, errors).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createXai } from '@ai-sdk/xai';
import { APICallError, generateText, type LanguageModel, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAnswer, type Provider } from './script.ts';
import { type ProviderFakes, startProviderFakes } from './server.ts';

let fakes: ProviderFakes;

beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => {
  fakes.reset();
});

type Case = {
  name: string;
  provider: Provider;
  model: string;
  make: (model: string) => LanguageModel;
  /** The path the SDK streams from (and generates from, when different). */
  streamPath: string;
  generatePath?: string;
};

const cases: Case[] = [
  {
    name: 'OpenAI chat completions (createOpenAI().chat)',
    provider: 'openai',
    model: 'gpt-4o-mini',
    make: (model) => createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' }).chat(model),
    streamPath: '/openai/v1/chat/completions',
  },
  {
    name: 'OpenAI Responses API (createOpenAI()(model), the default)',
    provider: 'openai',
    model: 'gpt-4o-mini',
    make: (model) => createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' })(model),
    streamPath: '/openai/v1/responses',
  },
  {
    name: 'Anthropic messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    make: (model) => createAnthropic({ baseURL: fakes.baseUrls.anthropic, apiKey: 'fake-anthropic' })(model),
    streamPath: '/anthropic/v1/messages',
  },
  {
    name: 'Google Gemini',
    provider: 'google',
    model: 'gemini-2.5-flash',
    make: (model) => createGoogleGenerativeAI({ baseURL: fakes.baseUrls.google, apiKey: 'fake-google' })(model),
    streamPath: '/google/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    generatePath: '/google/v1beta/models/gemini-2.5-flash:generateContent',
  },
  {
    name: 'DeepSeek chat',
    provider: 'deepseek',
    model: 'deepseek-chat',
    make: (model) => createDeepSeek({ baseURL: fakes.baseUrls.deepseek, apiKey: 'fake-deepseek' })(model),
    streamPath: '/deepseek/v1/chat/completions',
  },
  {
    name: 'xAI (createXai()(model): the Responses API, its only language model)',
    provider: 'xai',
    model: 'grok-4',
    make: (model) => createXai({ baseURL: fakes.baseUrls.xai, apiKey: 'fake-xai' })(model),
    streamPath: '/xai/v1/responses',
  },
  {
    name: 'xAI chat completions (through @ai-sdk/openai-compatible)',
    provider: 'xai',
    model: 'grok-4',
    make: (model) =>
      createOpenAICompatible({ name: 'xai', baseURL: fakes.baseUrls.xai, apiKey: 'fake-xai', includeUsage: true })(
        model,
      ),
    streamPath: '/xai/v1/chat/completions',
  },
];

type Outcome = {
  text: string;
  reasoning: string;
  deltas: string[];
  errors: unknown[];
  finishReason?: string;
  outputTokens?: number;
  aborted: boolean;
};

async function stream(model: LanguageModel, prompt: string, abortSignal?: AbortSignal): Promise<Outcome> {
  const result = streamText({ model, prompt, maxRetries: 0, abortSignal, onError: () => {} });
  const out: Outcome = { text: '', reasoning: '', deltas: [], errors: [], aborted: false };
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        out.text += part.text;
        out.deltas.push(part.text);
      } else if (part.type === 'reasoning-delta') out.reasoning += part.text;
      else if (part.type === 'error') out.errors.push(part.error);
      else if (part.type === 'abort') out.aborted = true;
      else if (part.type === 'finish') {
        out.finishReason = part.finishReason;
        out.outputTokens = part.totalUsage.outputTokens;
      }
    }
  } catch (err) {
    if (abortSignal?.aborted) out.aborted = true;
    else out.errors.push(err);
  }
  return out;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function statusOf(error: unknown): number | undefined {
  return APICallError.isInstance(error) ? error.statusCode : undefined;
}

describe.each(cases)('$name', ({ provider, model, make, streamPath, generatePath }) => {
  it('streams the default answer, every token in order, with usage', async () => {
    const out = await stream(make(model), 'Hello [[fake pace=1]]');
    expect(out.errors).toEqual([]);
    expect(out.text).toBe(defaultAnswer(provider, model));
    expect(out.text).toContain(`${model} (${provider} stand-in)`);
    expect(out.deltas).toHaveLength(12);
    expect(out.finishReason).toBe('stop');
    expect(out.outputTokens).toBe(12);
    expect(fakes.calls()[provider]).toBe(1);
    expect(fakes.calls().total).toBe(1);
    expect(fakes.requests().map((r) => r.path)).toEqual([streamPath]);
  });

  it('streams the exact text a directive asks for', async () => {
    const text = 'Hi there, friend!\nHow  are you?';
    const out = await stream(make(model), `Greet me [[fake text="Hi there, friend!\\nHow  are you?" pace=1]]`);
    expect(out.errors).toEqual([]);
    expect(out.text).toBe(text);
    expect(out.deltas).toEqual(['Hi', ' there,', ' friend!', '\nHow', '  are', ' you?']);
  });

  it('plays queued scripts in order, then the default', async () => {
    fakes.script([
      { text: 'one', paceMs: 1 },
      { text: 'two', paceMs: 1 },
    ]);
    expect((await stream(make(model), 'a')).text).toBe('one');
    expect((await stream(make(model), 'b')).text).toBe('two');
    expect((await stream(make(model), 'c [[fake tokens=2 pace=1]]')).text).toBe(defaultAnswer(provider, model, 2));
  });

  it('lets a directive override the queue without using it up', async () => {
    fakes.script({ text: 'queued', paceMs: 1 });
    expect((await stream(make(model), '[[fake text=direct pace=1]]')).text).toBe('direct');
    expect((await stream(make(model), 'next')).text).toBe('queued');
  });

  it('fails before the first token with a 500 in the provider error shape', async () => {
    fakes.script({ failBeforeFirstToken: true });
    const out = await stream(make(model), 'Hello');
    expect(out.text).toBe('');
    expect(out.errors).toHaveLength(1);
    expect(statusOf(out.errors[0])).toBe(500);
    expect((out.errors[0] as Error).message).not.toBe('');
    expect(fakes.calls()[provider]).toBe(1);
  });

  it('answers a scripted status with the provider error', async () => {
    const out = await stream(make(model), 'Hello [[fake status=429]]');
    expect(out.text).toBe('');
    expect(statusOf(out.errors[0])).toBe(429);
  });

  it('drops the connection after some tokens: partial text, then an error', async () => {
    const out = await stream(make(model), 'Hello [[fake drop=3 pace=1]]');
    expect(out.text).toBe(defaultAnswer(provider, model, 12, 3));
    expect(out.errors.length).toBeGreaterThan(0);
    expect(out.finishReason).not.toBe('stop');
    await until(() => fakes.active() === 0, 'the dropped stream to be forgotten');
  });

  it('sends a chunk of broken JSON after some tokens', async () => {
    const out = await stream(make(model), 'Hello [[fake malformed=2 pace=1]]');
    expect(out.text).toBe(defaultAnswer(provider, model, 12, 2));
    expect(out.errors.length).toBeGreaterThan(0);
  });

  it('hangs until the client aborts, then frees the stream', async () => {
    const controller = new AbortController();
    const pending = stream(make(model), 'Hello [[fake hang]]', controller.signal);
    await until(() => fakes.active() === 1, 'the hanging request');
    controller.abort();
    const out = await pending;
    expect(out.aborted).toBe(true);
    expect(out.text).toBe('');
    await until(() => fakes.active() === 0, 'the stand-in to let go of the aborted request');
  });

  it('stops a long stream when the client aborts mid-way', async () => {
    const controller = new AbortController();
    const model_ = make(model);
    const result = streamText({
      model: model_,
      prompt: 'Hello [[fake tokens=100000 pace=2]]',
      maxRetries: 0,
      abortSignal: controller.signal,
      onError: () => {},
    });
    let deltas = 0;
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && ++deltas === 3) controller.abort();
      }
    } catch {
      // aborted
    }
    expect(deltas).toBeGreaterThanOrEqual(3);
    await until(() => fakes.active() === 0, 'the stand-in to stop streaming');
  });

  it('answers without streaming (generateText)', async () => {
    const result = await generateText({ model: make(model), prompt: 'Hello [[fake pace=0]]', maxRetries: 0 });
    expect(result.text).toBe(defaultAnswer(provider, model));
    expect(result.finishReason).toBe('stop');
    expect(fakes.requests().map((r) => r.path)).toEqual([generatePath ?? streamPath]);
  });
});

describe('reasoning', () => {
  const reasoningCases = cases.filter((c) => c.streamPath !== '/openai/v1/chat/completions');

  it.each(reasoningCases)('$name streams reasoning before the answer when asked', async ({ provider, model, make }) => {
    const out = await stream(make(model), 'Think [[fake reasoning=3 tokens=2 pace=1]]');
    expect(out.errors).toEqual([]);
    expect(out.reasoning).toBe('Thinking r1 r2 r3');
    expect(out.text).toBe(defaultAnswer(provider, model, 2));
  });

  it('deepseek-reasoner reasons by default (reasoning_content), streaming and not', async () => {
    const deepseek = createDeepSeek({ baseURL: fakes.baseUrls.deepseek, apiKey: 'fake-deepseek' });
    const out = await stream(deepseek('deepseek-reasoner'), 'Why? [[fake pace=1]]');
    expect(out.errors).toEqual([]);
    expect(out.reasoning).toBe('Thinking r1 r2 r3 r4 r5 r6');
    expect(out.text).toBe(defaultAnswer('deepseek', 'deepseek-reasoner'));
    const whole = await generateText({ model: deepseek('deepseek-reasoner'), prompt: 'Why? [[fake pace=0]]' });
    expect(whole.reasoningText).toBe('Thinking r1 r2 r3 r4 r5 r6');
    expect(whole.text).toBe(defaultAnswer('deepseek', 'deepseek-reasoner'));
  });

  it('OpenAI chat sends reasoning_content, which @ai-sdk/openai does not read', async () => {
    const openai = createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' });
    const out = await stream(openai.chat('o4-mini'), '[[fake reasoning=2 tokens=1 pace=1]]');
    expect(out.reasoning).toBe('');
    expect(out.text).toBe(defaultAnswer('openai', 'o4-mini', 1));
  });
});

describe('counting', () => {
  it('counts each provider by its path, failures included, and resets', async () => {
    const prompt = '[[fake tokens=1 pace=0]]';
    await stream(cases[0]?.make('gpt-4o-mini') as LanguageModel, prompt);
    await stream(cases[1]?.make('gpt-4o-mini') as LanguageModel, '[[fake fail]]');
    for (const c of cases.slice(2)) await stream(c.make(c.model), prompt);
    const bad = createAnthropic({ baseURL: fakes.baseUrls.anthropic, apiKey: '', headers: { 'x-api-key': '' } });
    const unauthorized = await stream(bad('claude-sonnet-4-5'), prompt);
    expect(statusOf(unauthorized.errors[0])).toBe(401);
    expect(fakes.calls()).toEqual({ openai: 2, anthropic: 2, google: 1, deepseek: 1, xai: 2, total: 8 });
    fakes.reset();
    expect(fakes.calls()).toEqual({ openai: 0, anthropic: 0, google: 0, deepseek: 0, xai: 0, total: 0 });
    expect(fakes.requests()).toEqual([]);
  });
});
