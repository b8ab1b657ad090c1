import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination.ts';

/**
 * A stream whose reader takes nothing until `release()`, then takes everything as it comes. Its
 * buffer mark is small against the bound, as stdout's (16 KB) is against LOG_BUFFER_BYTES.
 */
function stalledReader() {
  const taken: string[] = [];
  const waiting: (() => void)[] = [];
  let reading = false;
  const stream = new Writable({
    decodeStrings: false,
    highWaterMark: 2_000,
    write(chunk: string, _encoding, done) {
      taken.push(chunk);
      if (reading) done();
      else waiting.push(done);
    },
  });
  return {
    stream,
    taken,
    release() {
      reading = true;
      for (const done of waiting.splice(0)) done();
    },
  };
}

const line = (n: number) => `${JSON.stringify({ level: 30, n, msg: 'x'.repeat(1000) })}\n`;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('log destination', () => {
  it('never waits for a reader that stopped: past the bound, lines are dropped and counted, then reported', async () => {
    const reader = stalledReader();
    const logs = createLogDestination(reader.stream, 10_000);
    for (let n = 0; n < 100; n++) logs.write(line(n));
    // About ten lines fit in the bound; the rest were dropped, not held.
    expect(logs.dropped()).toBeGreaterThan(80);
    expect(reader.stream.writableLength).toBeLessThanOrEqual(10_000);
    const dropped = logs.dropped();

    reader.release();
    await tick();
    const report = reader.taken.map((t) => JSON.parse(t)).find((l) => l.dropped !== undefined);
    expect(report).toMatchObject({ level: 40, dropped, msg: expect.stringContaining('dropped') });
    // Lines flow again once the reader reads.
    logs.write(line(100));
    expect(reader.taken.at(-1)).toBe(line(100));
    expect(logs.dropped()).toBe(dropped);
  });

  it('a reader that has gone (EPIPE) ends logging quietly: nothing throws, every later line is dropped', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const logs = createLogDestination(stream);
    logs.write(line(1));
    await tick();
    expect(() => logs.write(line(2))).not.toThrow();
    expect(logs.write(line(3))).toBeUndefined();
    expect(logs.dropped()).toBe(2);
    await expect(logs.flush(60_000)).resolves.toBeUndefined();
  });

  it('flush waits for the reader, but not for one that never reads', async () => {
    const reader = stalledReader();
    const logs = createLogDestination(reader.stream);
    await expect(logs.flush(60_000)).resolves.toBeUndefined(); // nothing waits
    logs.write(line(1));
    await logs.flush(10); // gives up on the stalled reader
    const flushed = logs.flush(60_000);
    reader.release();
    await expect(flushed).resolves.toBeUndefined();
  });
});
