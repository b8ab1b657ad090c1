import { describe, expect, it } from 'vitest';
import { answerSources, citedText, type MessageLike, searchActivity } from './answer-sources.ts';

const result = (n: number) => ({
  n,
  url: `https://site${n}.example/page`,
  title: `Page ${n}`,
  siteName: `Site ${n}`,
  snippet: '…',
});

const first: MessageLike = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'tool-web_search', state: 'output-available', output: { query: 'q', results: [result(1), result(2)] } },
    { type: 'text', text: 'First answer [1].' },
  ],
};
const question: MessageLike = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And then?' }] };
const followUp: MessageLike = {
  id: 'a2',
  role: 'assistant',
  parts: [
    { type: 'tool-web_search', state: 'output-available', output: { query: 'q2', results: [result(3), result(4)] } },
    { type: 'text', text: 'Later [3], as said before [2]. Not [8], not [this](https://invented.example/).' },
  ],
};

describe('citedText', () => {
  it('links [n] to the thread’s n-th source, earlier answers included, and nothing else', () => {
    expect(
      citedText('Later [3], as said before [2]. Not [8], not [this](https://invented.example/).', followUp, [
        first,
        question,
      ]),
    ).toBe(
      'Later [[3]](https://site3.example/page), as said before [[2]](https://site2.example/page). Not , not this.',
    );
  });
});

describe('answerSources', () => {
  it('lists the answer’s own results and the earlier sources it cites, by number', () => {
    expect(answerSources(followUp, [first, question]).map((s) => s.n)).toEqual([2, 3, 4]);
    expect(answerSources(first, []).map((s) => [s.n, s.title, s.siteName])).toEqual([
      [1, 'Page 1', 'Site 1'],
      [2, 'Page 2', 'Site 2'],
    ]);
  });
});

describe('searchActivity', () => {
  it('counts the searches and page reads still running', () => {
    const running: MessageLike = {
      id: 'a3',
      role: 'assistant',
      parts: [
        { type: 'tool-web_search', state: 'output-available', output: { query: 'q', results: [] } },
        { type: 'tool-open_page', state: 'input-available' },
        { type: 'tool-open_page', state: 'input-streaming' },
        { type: 'tool-open_page', state: 'input-available' },
        { type: 'tool-open_page', state: 'output-available', output: { url: 'https://x.example/', error: 'No.' } },
      ],
    };
    expect(searchActivity(running)).toEqual({ searching: 0, reading: 3 });
    expect(
      searchActivity({ id: 'a4', role: 'assistant', parts: [{ type: 'tool-web_search', state: 'input-available' }] }),
    ).toEqual({
      searching: 1,
      reading: 0,
    });
  });
});
