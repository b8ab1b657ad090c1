import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { contextLengthError } from '@polymath/provider-fakes';
import { APICallError } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { costOf } from '../usage/usage.service.ts';
import { turnBudget } from './context-budget.ts';
import {
  answerErrorCode,
  ContextTooLongError,
  isContextRefusal,
  refusalNumbers,
  retryShare,
  shrinkPrompt,
} from './metered-model.ts';
import { blockToFold } from './summaries/summary-fold.ts';
import { tokenizerReady } from './token-count.ts';

beforeAll(async () => {
  await tokenizerReady;
});

function refusal(status: number, body: unknown): APICallError {
  return new APICallError({
    message: typeof body === 'string' ? body : JSON.stringify(body),
    url: 'https://api.example/v1/chat',
    requestBodyValues: {},
    statusCode: status,
    responseBody: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the budget of a turn (decision 027)', () => {
  it('leaves the answer its room and a margin, and caps recent messages', () => {
    const b = turnBudget({ contextTokens: 128_000, maxOutputTokens: 16_384 }, 16_000);
    expect(b.answerRoom).toBe(16_384);
    expect(b.margin).toBe(2_560);
    expect(b.input).toBe(128_000 - 16_384 - 2_560);
    expect(b.history).toBe(16_000);
    expect(b.historyLimit).toBe(24_000);
    expect(b.foldTo).toBe(12_000);
  });

  it('gives recent messages at most half the input of a small model', () => {
    const b = turnBudget({ contextTokens: 16_000, maxOutputTokens: 2_000 }, 16_000);
    expect(b.input).toBe(16_000 - 2_000 - 320);
    expect(b.history).toBe(Math.floor(b.input / 2));
  });

  it('never lets an answer take more than half the window', () => {
    expect(turnBudget({ contextTokens: 200_000, maxOutputTokens: 150_000 }, 16_000).answerRoom).toBe(100_000);
  });
});

describe('folding into the summary (decision 028)', () => {
  const msg = (role: 'user' | 'assistant', tokens: number) => ({ role, size: { tokens, estimate: tokens } });
  const chat = (pairs: number, each = 96) =>
    Array.from({ length: pairs }, () => [msg('user', each), msg('assistant', each)]).flat();

  it('folds nothing while the messages after the summary fit the cap', () => {
    expect(blockToFold(chat(5), 'o200k', { history: 2_000, foldTo: 1_500 })).toBe(0);
  });

  it('folds the oldest exchanges down to foldTo, ending before a question', () => {
    const rows = chat(20); // 40 messages of 100 tokens (with framing)
    const end = blockToFold(rows, 'o200k', { history: 3_000, foldTo: 2_250 });
    expect(end % 2).toBe(0);
    expect(rows[end]?.role).toBe('user');
    expect((rows.length - end) * 100).toBeLessThanOrEqual(2_250);
    expect((rows.length - end + 2) * 100).toBeGreaterThan(2_250);
  });

  it('keeps the newest exchange even when it alone is over the cap', () => {
    const rows = [...chat(3), msg('user', 5_000), msg('assistant', 5_000)];
    expect(blockToFold(rows, 'o200k', { history: 3_000, foldTo: 2_000 })).toBe(6);
  });
});

describe('a provider that refuses a request as too long (decision 027)', () => {
  const openai = {
    error: {
      message:
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 10240 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  };

  it('is recognised in each provider’s words, and nothing else is', () => {
    expect(isContextRefusal(refusal(400, openai))).toBe(true);
    expect(
      isContextRefusal(
        refusal(400, {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
        }),
      ),
    ).toBe(true);
    expect(
      isContextRefusal(
        refusal(400, {
          error: {
            code: 400,
            message: 'The input token count (2100000) exceeds the maximum number of tokens allowed (2097152).',
            status: 'INVALID_ARGUMENT',
          },
        }),
      ),
    ).toBe(true);
    expect(
      isContextRefusal(
        refusal(400, {
          code: 'Client specified an invalid argument',
          error: "This model's maximum prompt length is 32768 but the request contains 40000 tokens.",
        }),
      ),
    ).toBe(true);
    expect(
      isContextRefusal(
        refusal(413, {
          type: 'error',
          error: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
        }),
      ),
    ).toBe(true);
    expect(
      isContextRefusal(refusal(400, { error: { message: 'Invalid request.', type: 'invalid_request_error' } })),
    ).toBe(false);
    expect(isContextRefusal(refusal(429, openai))).toBe(false);
    expect(isContextRefusal(new Error('maximum context length'))).toBe(false);
  });

  it('retries with the share the provider’s numbers allow, less a tenth', () => {
    expect(retryShare(refusal(400, openai))).toBeCloseTo((8192 / 10240) * 0.9);
    expect(retryShare(refusal(400, { error: { message: 'too long' } }))).toBe(0.6);
  });

  it('reads the limit, the prompt and the answer’s room in each provider’s words, and keeps about limit/requested', () => {
    // OpenAI's and DeepSeek's four numbers: the answer's room is counted in, and stays on the retry.
    const four = {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, you requested 130000 tokens (113600 in the messages, 16384 in the completion). Please reduce the length of the messages or completion.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    };
    expect(refusalNumbers(refusal(400, four))).toEqual({ limit: 128_000, prompt: 113_600, completion: 16_384 });
    expect(retryShare(refusal(400, four))).toBeCloseTo(((128_000 - 16_384) / 113_600) * 0.9);
    expect(retryShare(refusal(400, four))).toBeGreaterThan(0.85); // not 16384 / 130000
    // The stand-in's exact text, both forms.
    const fake = contextLengthError(128_000, 113_600, 16_384);
    expect(refusalNumbers(refusal(400, fake))).toEqual({ limit: 128_000, prompt: 113_600, completion: 16_384 });
    expect(retryShare(refusal(400, fake))).toBeCloseTo(((128_000 - 16_384) / 113_600) * 0.9);
    const noRoom = contextLengthError(8_192, 10_240, undefined);
    expect(retryShare(refusal(400, noRoom))).toBeCloseTo((8_192 / 10_240) * 0.9);
    // DeepSeek says it as OpenAI does.
    const deepseek = {
      error: {
        message:
          "This model's maximum context length is 65536 tokens. However, you requested 70000 tokens (61808 in the messages, 8192 in the completion). Please reduce the length of the messages or completion.",
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      },
    };
    expect(refusalNumbers(refusal(400, deepseek))).toEqual({ limit: 65_536, prompt: 61_808, completion: 8_192 });
    // Anthropic, both wordings.
    const claude = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    };
    expect(refusalNumbers(refusal(400, claude))).toEqual({ limit: 200_000, prompt: 210_000, completion: 0 });
    expect(retryShare(refusal(400, claude))).toBeCloseTo((200_000 / 210_000) * 0.9);
    const claudeRoom = {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000, decrease input length or `max_tokens` and try again',
      },
    };
    expect(refusalNumbers(refusal(400, claudeRoom))).toEqual({ limit: 200_000, prompt: 197_626, completion: 8_192 });
    // Google and xAI.
    const gemini = {
      error: {
        code: 400,
        message: 'The input token count (2100000) exceeds the maximum number of tokens allowed (2097152).',
        status: 'INVALID_ARGUMENT',
      },
    };
    expect(refusalNumbers(refusal(400, gemini))).toEqual({ limit: 2_097_152, prompt: 2_100_000, completion: 0 });
    const grok = {
      code: 'Client specified an invalid argument',
      error: "This model's maximum prompt length is 32768 but the request contains 40000 tokens.",
    };
    expect(refusalNumbers(refusal(400, grok))).toEqual({ limit: 32_768, prompt: 40_000, completion: 0 });
    expect(retryShare(refusal(400, grok))).toBeCloseTo((32_768 / 40_000) * 0.9);
  });

  it('says CONTEXT_TOO_LONG for a refusal or a request that cannot fit, MODEL_FAILED otherwise', () => {
    expect(answerErrorCode(new ContextTooLongError('x'))).toBe('CONTEXT_TOO_LONG');
    expect(answerErrorCode(refusal(400, openai))).toBe('CONTEXT_TOO_LONG');
    expect(answerErrorCode(refusal(500, { error: { message: 'boom' } }))).toBe('MODEL_FAILED');
  });

  it('cuts the oldest messages, keeping the system messages and starting with a question', () => {
    const text = (role: 'user' | 'assistant', t: string): LanguageModelV4Message =>
      ({ role, content: [{ type: 'text', text: t }] }) as LanguageModelV4Message;
    const long = 'word '.repeat(200);
    const prompt: LanguageModelV4Message[] = [
      { role: 'system', content: 'You are helpful.' },
      { role: 'system', content: 'Summary: earlier things.' },
      text('user', `one ${long}`),
      text('assistant', `two ${long}`),
      text('user', `three ${long}`),
      text('assistant', `four ${long}`),
      text('user', 'five?'),
    ];
    const cut = shrinkPrompt(prompt, 500, 'o200k');
    expect(cut?.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(JSON.stringify(cut?.[2])).toContain('three');
    expect(shrinkPrompt(prompt, 20, 'o200k')).toBeNull();
  });
});

describe('cost from the catalogue’s prices (decision 029)', () => {
  const prices = { input: 2.5, cachedInput: 1.25, cacheWrite: 2.5, output: 10 };
  it('prices cached input at its own rate and everything else at theirs', () => {
    expect(costOf(prices, { inputTokens: 1_000_000, cachedInputTokens: 0, cacheWriteTokens: 0, outputTokens: 0 })).toBe(
      2.5,
    );
    expect(
      costOf(prices, {
        inputTokens: 1_000_000,
        cachedInputTokens: 600_000,
        cacheWriteTokens: 0,
        outputTokens: 100_000,
      }),
    ).toBeCloseTo(0.4 * 2.5 + 0.6 * 1.25 + 1);
    expect(costOf(null, { inputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0, outputTokens: 5 })).toBeNull();
  });
});
