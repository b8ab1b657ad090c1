/** The offline demo's pictures: real PNGs, the ratio asked, a visible DEMO badge, stable per prompt. */
import { IMAGE_ASPECT_RATIOS } from '@polymath/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourWords, demoLabelBox, demoScene } from './demo-art.ts';
import { demoImageSize, renderDemoEdit, renderDemoImage } from './demo-image-model.ts';
import { maskAlpha, preparePhoto } from './image-pixels.ts';

async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (box: Box, x: number, y: number) =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** Pixels that differ between two same-sized pictures, counted inside and outside a box. */
function differences(a: Buffer, b: Buffer, width: number, box: Box) {
  let inBox = 0;
  let outside = 0;
  for (let i = 0; i < a.length / 3; i++) {
    const same = a[i * 3] === b[i * 3] && a[i * 3 + 1] === b[i * 3 + 1] && a[i * 3 + 2] === b[i * 3 + 2];
    if (same) continue;
    if (inside(box, i % width, Math.floor(i / width))) inBox++;
    else outside++;
  }
  return { inBox, outside };
}

function average(data: Buffer, width: number, height: number, fromY: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(fromY); y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[(y * width + x) * 3 + c] ?? 0);
      n++;
    }
  }
  return sum.map((s) => s / n) as [number, number, number];
}

describe('demo pictures', () => {
  it.each(IMAGE_ASPECT_RATIOS)('are real PNGs at %s, 1024 px on the long side', async (ratio) => {
    const image = await renderDemoImage('a lighthouse by the sea', 0, ratio);
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    expect(Math.max(image.width, image.height)).toBe(1024);
    const [w = 1, h = 1] = ratio.split(':').map(Number);
    expect(Math.abs(image.width / image.height - w / h)).toBeLessThan(0.01);
    expect(image.mediaType).toBe('image/png');
  });

  it('carry a DEMO badge: white lettering on a dark box where the badge goes, nothing else changed', async () => {
    const labelled = await pixels((await renderDemoImage('a quiet forest', 0, '3:2')).bytes);
    const plain = await pixels((await renderDemoImage('a quiet forest', 0, '3:2', { label: false })).bytes);
    const { width, height } = demoImageSize('3:2');
    const box = demoLabelBox(width, height);
    const diff = differences(labelled.data, plain.data, width, box);
    expect(diff.outside).toBe(0);
    expect(diff.inBox).toBeGreaterThan(box.width * box.height * 0.5);
    // The lettering: near-white pixels in the badge (the forest there is dark green).
    let white = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = (y * width + x) * 3;
        if ((labelled.data[i] ?? 0) > 230 && (labelled.data[i + 1] ?? 0) > 230 && (labelled.data[i + 2] ?? 0) > 230) {
          white++;
        }
      }
    }
    expect(white).toBeGreaterThan(box.width * box.height * 0.05);
  });

  it('are the same for the same prompt and index, different for another prompt or index', async () => {
    const a = await renderDemoImage('a city skyline at night', 0, '1:1');
    const again = await renderDemoImage('a city skyline at night', 0, '1:1');
    const second = await renderDemoImage('a city skyline at night', 1, '1:1');
    const other = await renderDemoImage('a field of flowers', 0, '1:1');
    expect(Buffer.from(again.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(Buffer.from(second.bytes).equals(Buffer.from(a.bytes))).toBe(false);
    expect(Buffer.from(other.bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });

  it('honour colour words, in English and Turkish', async () => {
    expect(colourWords('A RED fox on KIRMIZI leaves under a blue sky')).toEqual(['#d7263d', '#2e5eaa']);
    expect(colourWords('mavi deniz')).toEqual(['#2e5eaa']);
    for (const [prompt, channel] of [
      ['red hills', 0],
      ['green hills', 1],
      ['kırmızı tepeler', 0],
      ['mavi tepeler', 2],
    ] as const) {
      const { data, width, height } = await pixels((await renderDemoImage(prompt, 0, '1:1', { label: false })).bytes);
      const ground = average(data, width, height, height * 0.8);
      expect(Math.max(...ground)).toBe(ground[channel]);
    }
  });

  it('pick a scene from the words', () => {
    expect(demoScene('waves on the ocean')).toEqual({ scene: 'sea', night: false });
    expect(demoScene('Dağlarda gece')).toEqual({ scene: 'mountains', night: true });
    expect(demoScene('a cat')).toEqual({ scene: 'hills', night: false });
  });

  it('are fast: well under a second each', async () => {
    let slowest = 0;
    for (const [i, ratio] of IMAGE_ASPECT_RATIOS.entries()) {
      const started = performance.now();
      await renderDemoImage(`a garden with roses ${i}`, i, ratio);
      slowest = Math.max(slowest, performance.now() - started);
    }
    expect(slowest).toBeLessThan(800);
  });
});

describe('demo edits', () => {
  /** A photo with detail everywhere (a gradient), so any change shows. */
  async function photo(width: number, height: number) {
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        raw[i] = (x * 255) / width;
        raw[i + 1] = (y * 255) / height;
        raw[i + 2] = 128;
      }
    }
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
  }

  /** Opaque everywhere but a transparent square: only the square may change. */
  async function squareMask(width: number, height: number, square: Box) {
    const rgba = Buffer.alloc(width * height * 4, 0);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4 + 3] = inside(square, i % width, Math.floor(i / width)) ? 0 : 255;
    }
    return sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  }

  it('draw the design inside the mask only and leave the rest of the photo exactly as it was', async () => {
    const square: Box = { x: 100, y: 80, width: 240, height: 240 };
    const prepared = await preparePhoto(await photo(900, 600));
    const alpha = await maskAlpha(await squareMask(900, 600, square), 900, 600);
    const edit = await renderDemoEdit(prepared, alpha, 'a rose tattoo', 0);
    expect([edit.width, edit.height]).toEqual([900, 600]);
    const before = await pixels(prepared.png);
    const after = await pixels(edit.bytes);
    const label = demoLabelBox(900, 600);
    let changedInside = 0;
    let changedOutside = 0;
    for (let i = 0; i < 900 * 600; i++) {
      const x = i % 900;
      const y = Math.floor(i / 900);
      const same = [0, 1, 2].every((c) => before.data[i * 3 + c] === after.data[i * 3 + c]);
      if (same) continue;
      if (inside(square, x, y)) changedInside++;
      else if (!inside(label, x, y)) changedOutside++;
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(2000);
  });

  it('put the design in the middle when no mask is given, and badge the result', async () => {
    const prepared = await preparePhoto(await photo(800, 800));
    const edit = await renderDemoEdit(prepared, undefined, 'a star', 0);
    const before = await pixels(prepared.png);
    const after = await pixels(edit.bytes);
    const middle: Box = { x: 240, y: 240, width: 320, height: 320 };
    const label = demoLabelBox(800, 800);
    const diffMiddle = differences(after.data, before.data, 800, middle);
    const diffLabel = differences(after.data, before.data, 800, label);
    expect(diffMiddle.inBox).toBeGreaterThan(2000);
    expect(diffLabel.inBox).toBeGreaterThan(label.width * label.height * 0.5);
    expect(diffMiddle.outside).toBe(diffLabel.inBox);
  });
});
