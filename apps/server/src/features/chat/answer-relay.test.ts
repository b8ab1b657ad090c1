import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createAnswerRelay } from './answer-relay.ts';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('answer relay (in process)', () => {
  it('sends every frame to the starter, replays the answer so far to a resume (deltas merged), then both get the rest', async () => {
    const relay = createAnswerRelay({ logger: createLogger('silent') });
    const live = await relay.open('s1');
    if (!live) throw new Error('not opened');
    const starter = readAll(live.listen());
    live.push({ type: 'start', messageId: 's1' });
    live.push({ type: 'text-start', id: 't' });
    live.push({ type: 'text-delta', id: 't', delta: 'Hel' });
    live.push({ type: 'text-delta', id: 't', delta: 'lo' });

    const resumed = await relay.resume('s1');
    if (!resumed) throw new Error('not resumed');
    const later = readAll(resumed);
    live.push({ type: 'text-delta', id: 't', delta: '!' });
    live.push({ type: 'text-end', id: 't' });
    await live.end();

    expect(await starter).toBe(
      [
        'data: {"type":"start","messageId":"s1"}',
        'data: {"type":"text-start","id":"t"}',
        'data: {"type":"text-delta","id":"t","delta":"Hel"}',
        'data: {"type":"text-delta","id":"t","delta":"lo"}',
        'data: {"type":"text-delta","id":"t","delta":"!"}',
        'data: {"type":"text-end","id":"t"}',
        'data: [DONE]',
        '',
      ].join('\n\n'),
    );
    expect(await later).toBe(
      [
        'data: {"type":"start","messageId":"s1"}',
        'data: {"type":"text-start","id":"t"}',
        'data: {"type":"text-delta","id":"t","delta":"Hello"}',
        'data: {"type":"text-delta","id":"t","delta":"!"}',
        'data: {"type":"text-end","id":"t"}',
        'data: [DONE]',
        '',
      ].join('\n\n'),
    );
    // Finished: nothing to resume, and the id can not be reopened while live.
    expect(await relay.resume('s1')).toBeNull();
    await relay.close();
  });

  it('keeps going for the others when a listener goes away', async () => {
    const relay = createAnswerRelay({ logger: createLogger('silent') });
    const live = await relay.open('s2');
    if (!live) throw new Error('not opened');
    expect(await relay.open('s2')).toBeUndefined();
    const gone = live.listen();
    const staying = readAll(live.listen());
    live.push({ type: 'text-start', id: 't' });
    await gone.cancel();
    live.push({ type: 'text-delta', id: 't', delta: 'x' });
    await live.end();
    expect(await staying).toContain('"delta":"x"');
    await relay.close();
  });
});
