/**
 * The OpenAI stand-in measures prompts as OpenAI does: a window per model that refuses a longer
 * request with OpenAI's own error, and a prompt cache whose hits come back as cached tokens.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, type ModelMessage } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProviderFakes, startProviderFakes } from './server.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => fakes.reset());

const openai = () => createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' });

/** A long conversation: ~1,500 tokens of earlier messages, then a question. */
function conversation(question: string): ModelMessage[] {
  const earlier: ModelMessage[] = [];
  for (let i = 0; i < 10; i++) {
    earlier.push({ role: 'user', content: `Question ${i}: ${'tell me about the history of tea '.repeat(10)}` });
    earlier.push({
      role: 'assistant',
      content: `Answer ${i}: ${'tea came from China and spread along trade routes '.repeat(10)}`,
    });
  }
  return [...earlier, { role: 'user', content: question }];
}

describe('OpenAI stand-in: context window', () => {
  it('refuses a request longer than the window with OpenAI’s context_length_exceeded error', async () => {
    fakes.contextWindow('tiny-gpt', 200);
    const error = await generateText({
      model: openai().chat('tiny-gpt'),
      messages: conversation('And then?'),
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    const call = error as APICallError;
    expect(call.statusCode).toBe(400);
    const body = JSON.parse(call.responseBody ?? '{}') as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    });
    expect(String(body.error.message)).toMatch(
      /^This model's maximum context length is 200 tokens\. However, your messages resulted in \d+ tokens\./,
    );
  });

  it('counts the answer’s room (max_tokens) against the window, as OpenAI does', async () => {
    fakes.contextWindow('tiny-gpt', 400);
    const small = [{ role: 'user' as const, content: 'Hello there' }];
    await expect(
      generateText({ model: openai().chat('tiny-gpt'), messages: small, maxRetries: 0 }),
    ).resolves.toBeTruthy();
    const error = (await generateText({
      model: openai().chat('tiny-gpt'),
      messages: small,
      maxOutputTokens: 500,
      maxRetries: 0,
    }).catch((e: unknown) => e)) as APICallError;
    expect(error.statusCode).toBe(400);
    expect(error.responseBody).toMatch(/you requested \d+ tokens \(\d+ in the messages, 500 in the completion\)/);
  });

  it('knows gpt-4o-mini’s window, and a model with none set takes anything', async () => {
    const result = await generateText({
      model: openai().chat('gpt-4o-mini'),
      messages: conversation('Hi'),
      maxRetries: 0,
    });
    expect(result.usage.inputTokens).toBeGreaterThan(1000);
    fakes.contextWindow('gpt-4o-mini', 1000);
    await expect(
      generateText({ model: openai().chat('gpt-4o-mini'), messages: conversation('Hi'), maxRetries: 0 }),
    ).rejects.toThrow(/maximum context length is 1000 tokens/);
  });
});

describe('OpenAI stand-in: prompt cache', () => {
  it('reports a repeated prefix of 1,024 tokens or more as cached, in steps of 128', async () => {
    const first = await generateText({ model: openai().chat('gpt-4o-mini'), messages: conversation('First?') });
    expect(first.usage.inputTokenDetails.cacheReadTokens).toBe(0);
    const second = await generateText({ model: openai().chat('gpt-4o-mini'), messages: conversation('Second?') });
    const cached = second.usage.inputTokenDetails.cacheReadTokens ?? 0;
    expect(cached).toBeGreaterThanOrEqual(1024);
    expect(cached % 128).toBe(0);
    expect(cached).toBeLessThan(second.usage.inputTokens ?? 0);
  });

  it('finds nothing when the start of the prompt changed (a new summary), and nothing under 1,024 tokens', async () => {
    await generateText({ model: openai().chat('gpt-4o-mini'), messages: conversation('First?') });
    const changed = await generateText({
      model: openai().chat('gpt-4o-mini'),
      system: 'A different start',
      messages: conversation('Second?'),
    });
    expect(changed.usage.inputTokenDetails.cacheReadTokens).toBe(0);
    await generateText({ model: openai().chat('gpt-4o-mini'), messages: [{ role: 'user', content: 'short' }] });
    const short = await generateText({
      model: openai().chat('gpt-4o-mini'),
      messages: [{ role: 'user', content: 'short' }],
    });
    expect(short.usage.inputTokenDetails.cacheReadTokens).toBe(0);
  });

  it('DeepSeek reports its cache hits in its own fields', async () => {
    const deepseek = createDeepSeek({ baseURL: fakes.baseUrls.deepseek, apiKey: 'fake-deepseek' });
    await generateText({ model: deepseek('deepseek-chat'), messages: conversation('First?') });
    const second = await generateText({ model: deepseek('deepseek-chat'), messages: conversation('Second?') });
    expect(second.usage.inputTokenDetails.cacheReadTokens).toBeGreaterThanOrEqual(1024);
  });
});

describe('Anthropic stand-in: prompt cache', () => {
  const claude = () =>
    createAnthropic({ baseURL: fakes.baseUrls.anthropic, apiKey: 'fake-anthropic' })('claude-3-5-sonnet-latest');
  const breakpoint = { anthropic: { cacheControl: { type: 'ephemeral' as const } } };
  /** The system prompt with a breakpoint, as a turn marks it. */
  const system = [{ role: 'system' as const, content: 'You are a tea historian.', providerOptions: breakpoint }];
  /** The conversation with a breakpoint on the newest message, as a turn marks it. */
  const marked = (question: string): ModelMessage[] => {
    const messages = conversation(question);
    const last = messages[messages.length - 1];
    if (last) last.providerOptions = breakpoint;
    return messages;
  };

  it('writes the prefix up to a breakpoint, then reads it on the next request, as Anthropic reports it', async () => {
    const first = await generateText({ model: claude(), system, messages: marked('First?') });
    expect(first.usage.inputTokenDetails.cacheReadTokens).toBe(0);
    expect(first.usage.inputTokenDetails.cacheWriteTokens).toBeGreaterThan(1000);
    // The next turn: the question answered, a new one; the earlier prefix is found 20 blocks back at most.
    const next = conversation('First?');
    next.push(
      { role: 'assistant', content: 'Tea again.' },
      { role: 'user', content: 'Second?', providerOptions: breakpoint },
    );
    const second = await generateText({
      model: claude(),
      system,
      messages: next,
    });
    const read = second.usage.inputTokenDetails.cacheReadTokens ?? 0;
    expect(read).toBe(first.usage.inputTokenDetails.cacheWriteTokens);
    expect(second.usage.inputTokenDetails.cacheWriteTokens).toBeGreaterThan(0);
    expect(second.usage.inputTokens).toBeGreaterThan(read);
    const raw = second.providerMetadata?.anthropic?.usage as Record<string, number> | undefined;
    expect(raw?.cache_read_input_tokens).toBe(read);
  });

  it('caches nothing without breakpoints, or under 1,024 tokens', async () => {
    await generateText({ model: claude(), messages: conversation('First?') });
    const plain = await generateText({ model: claude(), messages: conversation('First?') });
    expect(plain.usage.inputTokenDetails.cacheReadTokens).toBe(0);
    expect(plain.usage.inputTokenDetails.cacheWriteTokens).toBe(0);
    const short: ModelMessage[] = [{ role: 'user', content: 'short', providerOptions: breakpoint }];
    await generateText({ model: claude(), messages: short });
    const again = await generateText({ model: claude(), messages: short });
    expect(again.usage.inputTokenDetails.cacheReadTokens).toBe(0);
  });
});
