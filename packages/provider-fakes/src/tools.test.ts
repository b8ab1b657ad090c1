/**
 * Tool calls through the stand-ins, driven by the real AI SDK providers as the app builds them
 * (model-providers.ts): the model calls the tool, the SDK runs it, the stand-in answers the result.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, type LanguageModel, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DirectiveError, defaultAnswer, type Provider, parseDirective, withoutDirectives } from './script.ts';
import { type ProviderFakes, startProviderFakes } from './server.ts';
import { synthesizeToolArgs, toolResultAnswer } from './tools.ts';

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

describe('the [[fake tool=… args=…]] directive', () => {
  it('reads a tool name and JSON arguments written as they are', () => {
    expect(parseDirective('[[fake tool=generate_image args={"prompt":"a fox in [snow]","count":2}]]')).toEqual({
      tool: 'generate_image',
      toolArgs: { prompt: 'a fox in [snow]', count: 2 },
    });
    expect(parseDirective('[[fake tool=none pace=1]]')).toEqual({ tool: 'none', paceMs: 1 });
  });

  it('rejects arguments that are not a JSON object', () => {
    expect(() => parseDirective('[[fake args=[1,2]]]')).toThrow(DirectiveError);
    expect(() => parseDirective('[[fake args={"a":]]')).toThrow(/unterminated JSON|JSON object/);
    expect(() => parseDirective('[[fake args=7]]')).toThrow(/JSON object/);
    expect(() => parseDirective('[[fake tool]]')).toThrow(/needs a name/);
  });

  it('is removed from the text a tool receives, other markers stay', () => {
    expect(withoutDirectives('Draw a red fox [[fake pace=1]] at dawn [[fake-image delay=5]]')).toBe(
      'Draw a red fox at dawn [[fake-image delay=5]]',
    );
    expect(withoutDirectives('[[fake tool=x args={"a":"]]"}]] only')).toBe('only');
  });
});

describe('synthesizeToolArgs', () => {
  it('fills the required properties from the schema', () => {
    const schema = {
      type: 'object',
      properties: {
        prompt: { type: 'string' },
        style: { type: 'string', enum: ['photo', 'anime'] },
        count: { type: 'integer', minimum: 1, maximum: 4 },
        ratio: { type: 'string', default: '1:1' },
        hd: { type: 'boolean' },
        label: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        where: { type: 'object', properties: { query: { type: ['string', 'null'] } }, required: ['query'] },
        optional: { type: 'string' },
      },
      required: ['prompt', 'style', 'count', 'ratio', 'hd', 'label', 'tags', 'where'],
    };
    expect(synthesizeToolArgs(schema, 'a red fox')).toEqual({
      prompt: 'a red fox',
      style: 'photo',
      count: 1,
      ratio: '1:1',
      hd: false,
      label: 'stand-in',
      tags: ['stand-in'],
      where: { query: 'a red fox' },
    });
    expect(synthesizeToolArgs({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, '')).toEqual({
      n: 0,
    });
    expect(synthesizeToolArgs(undefined, 'x')).toEqual({});
  });
});

type Case = { name: string; provider: Provider; model: string; make: (model: string) => LanguageModel };

const cases: Case[] = [
  {
    name: 'OpenAI chat completions (openai.chat)',
    provider: 'openai',
    model: 'gpt-4o-mini',
    make: (model) => createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' }).chat(model),
  },
  {
    name: 'Anthropic messages',
    provider: 'anthropic',
    model: 'claude-3-5-haiku-latest',
    make: (model) => createAnthropic({ baseURL: fakes.baseUrls.anthropic, apiKey: 'fake-anthropic' })(model),
  },
  {
    name: 'Google Gemini',
    provider: 'google',
    model: 'gemini-2.0-flash',
    make: (model) => createGoogleGenerativeAI({ baseURL: fakes.baseUrls.google, apiKey: 'fake-google' })(model),
  },
  {
    name: 'DeepSeek chat',
    provider: 'deepseek',
    model: 'deepseek-chat',
    make: (model) => createDeepSeek({ baseURL: fakes.baseUrls.deepseek, apiKey: 'fake-deepseek' })(model),
  },
  {
    name: 'xAI chat completions (openai-compatible, as the app calls it)',
    provider: 'xai',
    model: 'grok-2-vision',
    make: (model) =>
      createOpenAICompatible({ name: 'xai', baseURL: fakes.baseUrls.xai, apiKey: 'fake-xai' }).chatModel(model),
  },
];

/** An image tool like the app's: records what it was called with. */
function imageTool(calls: unknown[]) {
  return tool({
    description: 'Make pictures from a description',
    inputSchema: z.object({
      prompt: z.string().min(1),
      aspectRatio: z.enum(['1:1', '16:9']),
      count: z.number().int().min(1).max(4),
      private: z.boolean(),
    }),
    execute: async (input) => {
      calls.push(input);
      return { imageIds: ['img_1'], status: 'queued' };
    },
  });
}

const TOOL_OUTPUT = JSON.stringify({ imageIds: ['img_1'], status: 'queued' });

describe.each(cases)('$name', ({ provider, model, make }) => {
  it('with no script, calls the first offered tool with arguments from its schema, then answers the result', async () => {
    const calls: unknown[] = [];
    const result = streamText({
      model: make(model),
      prompt: 'A lighthouse at dusk',
      tools: { generate_image: imageTool(calls), search_web: imageTool([]) },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    let text = '';
    const errors: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'error' || part.type === 'tool-error') errors.push(part);
    }
    expect(errors).toEqual([]);
    expect(calls).toEqual([{ prompt: 'A lighthouse at dusk', aspectRatio: '1:1', count: 1, private: false }]);
    expect(text).toBe(toolResultAnswer([{ name: 'generate_image', output: TOOL_OUTPUT }]));
    expect((await result.steps).map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(fakes.calls()[provider]).toBe(2);
  });

  it('calls the tool a directive names, with its arguments, without streaming (generateText)', async () => {
    const calls: unknown[] = [];
    const other: unknown[] = [];
    const result = await generateText({
      model: make(model),
      prompt:
        'Two please [[fake tool=make_more args={"prompt":"two foxes","aspectRatio":"16:9","count":2,"private":true} text="Here they are." pace=0]]',
      tools: { generate_image: imageTool(other), make_more: imageTool(calls) },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(other).toEqual([]);
    expect(calls).toEqual([{ prompt: 'two foxes', aspectRatio: '16:9', count: 2, private: true }]);
    expect(result.text).toBe('Here they are.');
  });

  it('answers text when the directive says tool=none or names no tool, and 400 for a tool not offered', async () => {
    const calls: unknown[] = [];
    const tools = { generate_image: imageTool(calls) };
    const none = await generateText({ model: make(model), prompt: 'Hi [[fake tool=none pace=0]]', tools });
    expect(none.text).toBe(defaultAnswer(provider, model));
    const plain = await generateText({ model: make(model), prompt: 'Hi [[fake tokens=2 pace=0]]', tools });
    expect(plain.text).toBe(defaultAnswer(provider, model, 2));
    expect(calls).toEqual([]);
    const wrong = await generateText({
      model: make(model),
      prompt: 'Hi [[fake tool=nope]]',
      tools,
      maxRetries: 0,
    }).catch((err: unknown) => err);
    expect(APICallError.isInstance(wrong) && wrong.statusCode).toBe(400);
    expect((wrong as APICallError).responseBody).toContain('tool=nope is not offered');
  });

  it('cuts a streamed tool call short when asked: no tool runs, the stream errors', async () => {
    const calls: unknown[] = [];
    const result = streamText({
      model: make(model),
      prompt: 'A fox [[fake tool=generate_image drop=0 pace=1]]',
      tools: { generate_image: imageTool(calls) },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
      onError: () => {},
    });
    const errors: unknown[] = [];
    try {
      for await (const part of result.fullStream) if (part.type === 'error') errors.push(part.error);
    } catch (err) {
      errors.push(err);
    }
    expect(calls).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('plays a queued script asking for a tool, and counts one script per request', async () => {
    const calls: unknown[] = [];
    fakes.script([
      { tool: 'generate_image', toolArgs: { prompt: 'queued', aspectRatio: '1:1', count: 3, private: false } },
      { text: 'Done.' },
    ]);
    const result = await generateText({
      model: make(model),
      prompt: 'Anything',
      tools: { generate_image: imageTool(calls) },
      stopWhen: stepCountIs(3),
    });
    expect(calls).toEqual([{ prompt: 'queued', aspectRatio: '1:1', count: 3, private: false }]);
    expect(result.text).toBe('Done.');
  });
});

describe('no tools offered', () => {
  it('answers exactly as before, even with a tool directive', async () => {
    const openai = createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'k' }).chat('gpt-4o-mini');
    const result = await generateText({ model: openai, prompt: 'Hi [[fake tool=x pace=0]]' });
    expect(result.text).toBe(defaultAnswer('openai', 'gpt-4o-mini'));
    expect(result.finishReason).toBe('stop');
  });
});

describe('answers after numbered results', () => {
  it('cites each numbered result as [n], as a model is asked to, and nothing else', () => {
    const output = JSON.stringify({
      query: 'istanbul weather',
      results: [
        { n: 6, title: 'Istanbul [live] forecast', url: 'https://a.example/x', snippet: 'Sunny.' },
        { n: 7, title: 'Bosphorus winds', url: 'https://b.example/y', snippet: 'Windy.' },
      ],
    });
    expect(toolResultAnswer([{ name: 'web_search', output }])).toBe(
      'The web_search tool found 2 results: Istanbul live forecast [6]. Bosphorus winds [7].',
    );
  });

  it('reads an error or anything without numbers as before', () => {
    const error = JSON.stringify({ query: 'x', error: 'The search service did not answer in time.' });
    expect(toolResultAnswer([{ name: 'web_search', output: error }])).toBe(`The web_search tool returned: ${error}`);
    const unnumbered = JSON.stringify({ results: [{ title: 'No number' }] });
    expect(toolResultAnswer([{ name: 'x', output: unnumbered }])).toBe(`The x tool returned: ${unnumbered}`);
  });
});
