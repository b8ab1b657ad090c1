import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadCpuMs } from '../../../../test/thread-cpu.ts';
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';
import { makeFixture } from './photo-fixtures.ts';
import { ocrInput } from './photo-ocr.ts';

describe('the OCR engine', () => {
  let engine: OcrEngine;
  let image: Buffer;

  beforeAll(async () => {
    engine = createOcrEngine({ size: 1, maxWorkers: 2 });
    const fixture = await makeFixture({ language: 'en', background: 'noisy', format: 'png' });
    const { data, info } = await sharp(fixture.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    image = (await ocrInput({ data, width: info.width, height: info.height, channels: 3 })).bytes;
  });
  afterAll(() => engine.close());

  it('reads lines with boxes, words and confidence', async () => {
    const page = await engine.recognize(image, ['eng']);
    expect(page.languages).toEqual(['eng']);
    expect(page.lines.map((l) => l.text)).toEqual(['Welcome to the museum', 'Open every day from 9:00']);
    const first = page.lines[0];
    expect(first?.words.map((w) => w.text)).toEqual(['Welcome', 'to', 'the', 'museum']);
    expect(first?.confidence).toBeGreaterThan(80);
    expect(first?.box.x1).toBeGreaterThan(first?.box.x0 ?? 0);
  });

  it('queues reads beyond its size, drops an aborted one that waits, and keeps one worker per language set', async () => {
    const controller = new AbortController();
    const a = engine.recognize(image, ['eng']);
    const b = engine.recognize(image, ['eng'], controller.signal);
    const c = engine.recognize(image, ['tur', 'eng']);
    expect(engine.stats().queued).toBeGreaterThanOrEqual(2);
    controller.abort(new Error('user left'));
    await expect(b).rejects.toThrow('user left');
    const [pa, pc] = await Promise.all([a, c]);
    expect(pa.lines).toHaveLength(2);
    expect(pc.languages).toEqual(['tur', 'eng']);
    expect(engine.stats()).toEqual({ workers: 2, busy: 0, queued: 0 });
  });

  it('reads off the main thread: the event loop stays idle while it works', async () => {
    await engine.recognize(image, ['eng']); // warm
    // The CPU the main thread used, as a share of the time the reads took: ~1 if OCR ran on it. Not
    // the event loop's utilization, which counts a callback's wall time: on loaded cores a callback
    // that waits for a core looks busy (0.65 was seen with a profiler attached), while a thread
    // waiting for a core uses no CPU.
    const cpuFrom = process.threadCpuUsage();
    const from = performance.now();
    await Promise.all([1, 2, 3].map(() => engine.recognize(image, ['eng'])));
    expect(threadCpuMs(cpuFrom) / (performance.now() - from)).toBeLessThan(0.3);
  });

  it('refuses new reads once closed', async () => {
    const closing = createOcrEngine({ size: 1 });
    await closing.close();
    await expect(closing.recognize(image, ['eng'])).rejects.toThrow('closed');
  });
});
