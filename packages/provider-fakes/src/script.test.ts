import { describe, expect, it } from 'vitest';
import {
  DirectiveError,
  defaultAnswer,
  defaultAnswerTokens,
  lastUserText,
  parseDirective,
  planAnswer,
  splitIntoTokens,
} from './script.ts';

describe('parseDirective', () => {
  it('finds no directive in plain text', () => {
    expect(parseDirective('Hello there')).toBeUndefined();
    expect(parseDirective('[[faker tokens=3]]')).toBeUndefined();
    expect(parseDirective('[fake tokens=3]')).toBeUndefined();
  });

  it('reads every key', () => {
    expect(parseDirective('Hi [[fake tokens=5 pace=2 reasoning=3]] there')).toEqual({
      tokens: 5,
      paceMs: 2,
      reasoningTokens: 3,
    });
    expect(parseDirective('[[fake fail]]')).toEqual({ failBeforeFirstToken: true });
    expect(parseDirective('[[fake fail=before]]')).toEqual({ failBeforeFirstToken: true });
    expect(parseDirective('[[fake drop=4 malformed=2]]')).toEqual({ dropAfter: 4, malformedAfter: 2 });
    expect(parseDirective('[[fake hang]]')).toEqual({ hang: true });
    expect(parseDirective('[[fake status=429]]')).toEqual({ status: 429 });
    expect(parseDirective('[[fake reasoning]]')).toEqual({ reasoningTokens: 6 });
    expect(parseDirective('[[fake]]')).toEqual({});
  });

  it('reads quoted text with escapes and brackets inside', () => {
    expect(parseDirective('[[fake text="Hello, [[world]]!" pace=1]]')).toEqual({
      text: 'Hello, [[world]]!',
      paceMs: 1,
    });
    expect(parseDirective('[[fake text="say \\"hi\\"\\nnow \\\\ ok"]]')).toEqual({ text: 'say "hi"\nnow \\ ok' });
    expect(parseDirective('[[fake text=bare]]')).toEqual({ text: 'bare' });
    expect(parseDirective('[[fake text=""]]')).toEqual({ text: '' });
  });

  it('takes the last directive of a message', () => {
    expect(parseDirective('[[fake tokens=1]] then [[fake tokens=2]]')).toEqual({ tokens: 2 });
  });

  it('rejects unknown keys, bad values and unterminated directives', () => {
    expect(() => parseDirective('[[fake colour=red]]')).toThrow(DirectiveError);
    expect(() => parseDirective('[[fake tokens=many]]')).toThrow(/whole number/);
    expect(() => parseDirective('[[fake tokens]]')).toThrow(DirectiveError);
    expect(() => parseDirective('[[fake status=200]]')).toThrow(/out of range/);
    expect(() => parseDirective('[[fake fail=after]]')).toThrow(DirectiveError);
    expect(() => parseDirective('[[fake tokens=3')).toThrow(/closing/);
    expect(() => parseDirective('[[fake text="open]]')).toThrow(/unterminated/);
  });
});

describe('answers', () => {
  it('splits text into word tokens that join back to the text', () => {
    expect(splitIntoTokens('Hello  brave new world ')).toEqual(['Hello', '  brave', ' new', ' world ']);
    expect(splitIntoTokens(' lead')).toEqual([' lead']);
    expect(splitIntoTokens('')).toEqual([]);
    expect(splitIntoTokens('   ')).toEqual(['   ']);
    const text = 'Line one.\nLine  two\tend';
    expect(splitIntoTokens(text).join('')).toBe(text);
  });

  it('numbers the default answer so lost or reordered tokens show', () => {
    expect(defaultAnswerTokens('openai', 'gpt-4o-mini', 3)).toEqual([
      'Hello from gpt-4o-mini (openai stand-in). w1',
      ' w2',
      ' w3',
    ]);
    expect(defaultAnswer('google', 'gemini-2.5-flash')).toBe(
      'Hello from gemini-2.5-flash (google stand-in). w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12',
    );
    expect(defaultAnswer('xai', 'grok-4', 12, 2)).toBe('Hello from grok-4 (xai stand-in). w1 w2');
  });

  it('reasons by default only for reasoner models', () => {
    expect(planAnswer({}, 'deepseek', 'deepseek-reasoner').reasoning).toHaveLength(6);
    expect(planAnswer({}, 'deepseek', 'deepseek-chat').reasoning).toHaveLength(0);
    expect(planAnswer({ reasoningTokens: 2 }, 'openai', 'gpt-4o').reasoning).toEqual(['Thinking r1', ' r2']);
    expect(planAnswer({ reasoningTokens: 0 }, 'deepseek', 'deepseek-reasoner').reasoning).toEqual([]);
  });
});

describe('lastUserText', () => {
  it('reads OpenAI chat messages with string or part content', () => {
    expect(
      lastUserText({
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'reply' },
          {
            role: 'user',
            content: [{ type: 'text', text: 'second' }, { type: 'image_url' }, { type: 'text', text: 'x' }],
          },
        ],
      }),
    ).toBe('second\nx');
  });

  it('reads Anthropic blocks, Responses input and Gemini contents', () => {
    expect(lastUserText({ messages: [{ role: 'user', content: [{ type: 'text', text: 'claude' }] }] })).toBe('claude');
    expect(lastUserText({ input: 'plain' })).toBe('plain');
    expect(
      lastUserText({
        input: [
          { role: 'user', content: [{ type: 'input_text', text: 'old' }] },
          { role: 'assistant', content: [{ type: 'output_text', text: 'a' }] },
          { role: 'user', content: [{ type: 'input_text', text: 'new' }] },
        ],
      }),
    ).toBe('new');
    expect(
      lastUserText({
        contents: [
          { role: 'user', parts: [{ text: 'q1' }] },
          { role: 'model', parts: [{ text: 'a1' }] },
          { role: 'user', parts: [{ text: 'q2' }, { inlineData: {} }] },
        ],
      }),
    ).toBe('q2');
    expect(lastUserText({ contents: [{ parts: [{ text: 'no role' }] }] })).toBe('no role');
    expect(lastUserText(null)).toBe('');
  });
});
