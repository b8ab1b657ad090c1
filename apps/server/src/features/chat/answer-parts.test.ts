import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createAnswerParts } from './answer-parts.ts';

/** The parts the AI SDK itself builds from the same chunks (what was stored before). */
async function sdkParts(chunks: UIMessageChunk[]): Promise<UIMessage['parts']> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return last?.parts ?? [];
}

async function ourParts(chunks: UIMessageChunk[]): Promise<UIMessage['parts']> {
  const answer = createAnswerParts('a1', (err) => {
    throw err;
  });
  for (const chunk of chunks) await answer.apply(chunk);
  return answer.parts;
}

const stored = (parts: UIMessage['parts']) => JSON.parse(JSON.stringify(parts)) as unknown;

describe('answer parts', () => {
  it('are stored as the AI SDK builds them: text, reasoning and steps', async () => {
    const chunks: UIMessageChunk[] = [
      { type: 'start', messageId: 'a1' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Thinking' },
      { type: 'reasoning-delta', id: 'r', delta: ' hard' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hello' },
      { type: 'text-delta', id: 't', delta: ' world', providerMetadata: { p: { x: 1 } } },
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ];
    const ours = await ourParts(chunks);
    expect(stored(ours)).toEqual(stored(await sdkParts(chunks)));
    expect(ours.map((p) => p.type)).toEqual(['step-start', 'reasoning', 'text']);
  });

  it('are stored as the AI SDK builds them with a function call, its result and a source between texts', async () => {
    const chunks: UIMessageChunk[] = [
      { type: 'start', messageId: 'a1' },
      { type: 'start-step' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Let me look.' },
      { type: 'text-end', id: 't1' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'web_search' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"query":' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"foxes"}' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'web_search', input: { query: 'foxes' } },
      { type: 'tool-output-available', toolCallId: 'c1', output: { results: 2 } },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/foxes', title: 'Foxes' },
      { type: 'text-start', id: 't2' },
      { type: 'text-delta', id: 't2', delta: 'Foxes are' },
      { type: 'text-delta', id: 't2', delta: ' canids.' },
      { type: 'text-end', id: 't2' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ];
    const ours = await ourParts(chunks);
    expect(stored(ours)).toEqual(stored(await sdkParts(chunks)));
    expect(ours.map((p) => p.type)).toEqual([
      'step-start',
      'text',
      'tool-web_search',
      'step-start',
      'source-url',
      'text',
    ]);
  });

  it('say when they changed since the last save', async () => {
    const answer = createAnswerParts('a1', () => {});
    expect(answer.takeChanges()).toBe(false);
    await answer.apply({ type: 'text-start', id: 't' });
    await answer.apply({ type: 'text-delta', id: 't', delta: 'Hi' });
    expect(answer.takeChanges()).toBe(true);
    expect(answer.takeChanges()).toBe(false);
    await answer.apply({ type: 'finish-step' });
    expect(answer.takeChanges()).toBe(false);
  });
});
