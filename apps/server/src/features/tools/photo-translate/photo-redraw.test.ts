import { findPhotoLanguage, type PhotoLanguage } from '@polymath/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type RawImage, sampleFill, sampleInk } from './photo-fill.ts';
import { fontForScript } from './photo-fonts.ts';
import { escapeMarkup, estimateFontPx, renderTranslation } from './photo-redraw.ts';

const lang = (code: string) => findPhotoLanguage(code) as PhotoLanguage;
const black = [20, 20, 20, 255] as [number, number, number, number];

function image(width: number, height: number, color: [number, number, number]): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(color, i);
  return { data, width, height, channels: 3 };
}

describe('drawing translations', () => {
  it('shapes Arabic: joined letters are narrower than the same letters kept apart', async () => {
    const options = {
      language: lang('ar'),
      width: 2000,
      height: 400,
      fontPx: 60,
      align: 'left' as const,
      color: black,
    };
    const joined = await renderTranslation('بكم', options);
    // U+200C ZERO WIDTH NON-JOINER between the letters forces their isolated forms.
    const apart = await renderTranslation('ب\u200cك\u200cم', options);
    expect(joined && apart).toBeTruthy();
    expect(joined?.width).toBeLessThan((apart?.width ?? 0) * 0.85);
  });

  it('draws at the original size when the text fits and smaller when it does not, never past the box', async () => {
    const roomy = await renderTranslation('Hello', {
      language: lang('en'),
      width: 600,
      height: 100,
      fontPx: 40,
      align: 'left',
      color: black,
    });
    expect(roomy?.height).toBeGreaterThan(25);
    expect(roomy?.height).toBeLessThanOrEqual(45);
    const tight = await renderTranslation('A much longer translation than the box was made for', {
      language: lang('en'),
      width: 200,
      height: 40,
      fontPx: 40,
      align: 'left',
      color: black,
    });
    expect(tight?.width).toBeLessThanOrEqual(200);
    expect(tight?.height).toBeLessThanOrEqual(40);
    for (const code of ['ru', 'el', 'he', 'hi', 'th', 'zh-Hans', 'ja', 'ko'] as const) {
      const r = await renderTranslation(code === 'ko' ? '안녕하세요' : 'Ελληνικά 日本語 हिन्दी ไทย עברית', {
        language: lang(code),
        width: 800,
        height: 80,
        fontPx: 30,
        align: 'left',
        color: black,
      });
      expect(r?.width, code).toBeGreaterThan(30);
    }
  });

  it('measures the original size from the width the text takes', async () => {
    // A line set in our Latin font at 40 px, measured back from its own width.
    const font = fontForScript('Latn');
    const rendered = await sharp({
      text: { text: 'Welcome to the museum', font: `${font.family} 40px`, fontfile: font.file },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    const px = await estimateFontPx(
      [{ text: 'Welcome to the museum', width: rendered.info.width, height: rendered.info.height }],
      'Latn',
    );
    expect(px).toBeGreaterThan(36);
    expect(px).toBeLessThan(44);
  });

  it('samples the background around a box and the letters inside it', () => {
    const img = image(100, 60, [230, 220, 200]);
    // Dark "letters" inside the box (30..70 × 20..40), one stray dark pixel in the ring.
    for (let y = 24; y < 36; y++) for (let x = 34; x < 66; x += 2) img.data.set([30, 30, 90], (y * 100 + x) * 3);
    img.data.set([0, 0, 0], (18 * 100 + 50) * 3);
    const box = { x: 30, y: 20, width: 40, height: 20 };
    const fill = sampleFill(img, box);
    expect(fill).toEqual([230, 220, 200, 255]);
    expect(sampleInk(img, box, fill)).toEqual([30, 30, 90, 255]);
  });

  it('escapes markup so text is drawn as written', () => {
    expect(escapeMarkup('<b>Fish & Chips</b>')).toBe('&lt;b&gt;Fish &amp; Chips&lt;/b&gt;');
  });
});
