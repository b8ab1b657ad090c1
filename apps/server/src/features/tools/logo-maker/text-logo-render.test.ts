import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoFontFile } from './logo-fonts.ts';
import { contrast, DARK_BACKGROUND, darkPalette, lightPalette } from './text-logo-colours.ts';
import { applyCase, initials } from './text-logo-layout.ts';
import { renderTextLogo, type TextLogoRequest } from './text-logo-render.ts';

const TURKISH = 'Çağrı Şişli Ödül';

const wordmark: TextLogoRequest = {
  brandName: TURKISH,
  locale: 'tr',
  colours: ['#1b2a49'],
  design: { layout: 'wordmark', font: 'montserrat', letterCase: 'as-typed', letterSpacing: 'normal' },
};

/** The ink of a picture as a bitmask, cropped to the ink and scaled to a fixed size: shapes compared, not placement. */
async function inkShape(png: Buffer, size = { width: 600, height: 60 }): Promise<Uint8Array> {
  const alpha = await sharp(png).ensureAlpha().extractChannel(3).toBuffer();
  const trimmed = await sharp(alpha).trim({ background: '#000000', threshold: 10 }).toBuffer();
  const raw = await sharp(trimmed).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
  return Uint8Array.from(raw, (v) => (v > 127 ? 1 : 0));
}

/** Intersection over union of two bitmasks. */
function overlap(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += (a[i] ?? 0) & (b[i] ?? 0);
    either += (a[i] ?? 0) | (b[i] ?? 0);
  }
  return either === 0 ? 0 : both / either;
}

/** The same words set by another renderer (Pango through sharp, straight from the font file). */
async function reference(text: string): Promise<Buffer> {
  return sharp({
    text: { text, fontfile: logoFontFile('montserrat'), font: 'Montserrat ExtraBold 200', rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer();
}

describe('text logos', () => {
  it('renders the SVG and a transparent PNG of the canvas size, with the text as paths', async () => {
    const made = await renderTextLogo(wordmark);
    expect(made.svg.startsWith('<svg width="1536" height="1024" viewBox="')).toBe(true);
    expect(made.svg).not.toMatch(/<text|<image|<script|<foreignObject/);
    expect(made.svg).toMatch(/<path/);
    const meta = await sharp(made.png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1536, 1024, true]);
    const { data, info } = await sharp(made.png).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    // Transparent around the logo, ink in the middle row somewhere.
    expect([alphaAt(0, 0), alphaAt(1535, 0), alphaAt(0, 1023), alphaAt(1535, 1023)]).toEqual([0, 0, 0, 0]);
    const opaque = Array.from({ length: 1536 }, (_, x) => alphaAt(x, 512) ?? 0).filter((a) => a > 200).length;
    expect(opaque).toBeGreaterThan(50);
    for (const preview of [made.onLight, made.onDark]) {
      const p = await sharp(preview).metadata();
      expect([p.width, p.height]).toEqual([1536, 1024]);
    }
    const corner = await sharp(made.onDark).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(`#${[...corner.subarray(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`).toBe(DARK_BACKGROUND);
  });

  it("draws the brand name's own glyphs, Turkish letters included (compared with an independent rendering)", async () => {
    const made = await renderTextLogo(wordmark);
    const ours = await inkShape(made.png);
    const right = overlap(ours, await inkShape(await reference(TURKISH)));
    // The same words without their Turkish marks look different enough to tell apart.
    const wrong = overlap(ours, await inkShape(await reference('Cagri Sisli Odul')));
    expect(right).toBeGreaterThan(0.8);
    expect(wrong).toBeLessThan(right - 0.1);
  });

  it('is deterministic: the same design gives the same files', async () => {
    const a = await renderTextLogo({ ...wordmark, design: { ...wordmark.design, layout: 'emblem', mark: 'hexagon' } });
    const b = await renderTextLogo({ ...wordmark, design: { ...wordmark.design, layout: 'emblem', mark: 'hexagon' } });
    expect(a.svg).toBe(b.svg);
    expect(a.png.equals(b.png)).toBe(true);
    const other = await renderTextLogo({ ...wordmark, design: { ...wordmark.design, layout: 'stacked' } });
    expect(other.svg).not.toBe(a.svg);
  });

  it('lays out every layout and mark with a tagline, in every font', async () => {
    const fonts = ['pacifico', 'cinzel', 'bebas-neue', 'caveat'] as const;
    const layouts = ['lettermark', 'stacked', 'emblem', 'wordmark'] as const;
    const marks = ['circle', 'square', 'diamond', 'ring'] as const;
    for (const [i, layout] of layouts.entries()) {
      const made = await renderTextLogo({
        brandName: 'Nimbus Cloud',
        tagline: 'İstanbul',
        locale: 'en',
        design: { layout, font: fonts[i] ?? 'montserrat', letterCase: 'upper', letterSpacing: 'wide', mark: marks[i] },
      });
      expect(made.svg).toMatch(/<path/);
    }
  });
});

describe('text logo rules', () => {
  it('changes case by Turkish rules when the name is Turkish, else by the language of the page', () => {
    expect(applyCase('istanbul ışık', 'upper', 'tr')).toBe('İSTANBUL IŞIK');
    expect(applyCase('nimbus', 'upper', 'en')).toBe('NIMBUS');
    expect(initials('ılık içecek', 'tr')).toBe('Iİ');
    expect(initials('Bean There Coffee Co', 'en')).toBe('BTC');
  });

  it('keeps colours readable: a dark main colour is reversed on the dark preview', () => {
    const light = lightPalette(['#111111', '#d4a017']);
    const dark = darkPalette(light);
    expect(light.ink).toBe('#111111');
    expect(contrast(dark.ink, DARK_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    // A pale main colour is darkened until it reads on white.
    expect(contrast(lightPalette(['#fafafa']).ink, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
