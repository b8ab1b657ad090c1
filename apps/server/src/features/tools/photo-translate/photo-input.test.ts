import { crc32 } from 'node:zlib';
import { PHOTO_TRANSLATE_MAX_BYTES } from '@polymath/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { imageIsComplete } from '../../../lib/images.ts';
import type { OcrEngine } from './ocr-engine.ts';
import { checkPhoto, decodePhoto } from './photo-input.ts';
import { type PhotoTranslator, translatePhoto } from './photo-translate.service.ts';

/** A PNG whose header claims width × height, with a valid CRC (so only the size can be wrong with it). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c86432' } }).composite([
    { input: { create: { width: 20, height: 10, channels: 3, background: '#000' } }, left: 5, top: 5 },
  ]);

async function refusal(bytes: Uint8Array): Promise<AppError> {
  const err = await checkPhoto(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('photo translate input checks', () => {
  it('accepts a JPEG and a PNG (with alpha) and reads their size from the header', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(await checkPhoto(jpeg)).toEqual({ format: 'jpeg', width: 64, height: 48, hasAlpha: false });
    const png = await picture().ensureAlpha(0.5).png().toBuffer();
    expect(await checkPhoto(png)).toEqual({ format: 'png', width: 64, height: 48, hasAlpha: true });
  });

  it('decodes 16-bit grey PNGs with alpha to 8-bit RGBA, and JPEGs to RGB', async () => {
    const grey = await sharp({
      create: { width: 8, height: 6, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } },
    })
      .greyscale()
      .png({ palette: false })
      .toColourspace('grey16')
      .toBuffer();
    const decoded = await decodePhoto(grey, await checkPhoto(grey));
    expect([decoded.width, decoded.height, decoded.channels, decoded.data.length]).toEqual([8, 6, 4, 8 * 6 * 4]);
    const jpeg = await picture().jpeg().toBuffer();
    const rgb = await decodePhoto(jpeg, await checkPhoto(jpeg));
    expect([rgb.channels, rgb.data.length]).toEqual([3, 64 * 48 * 3]);
  });

  it('gives the size as shown when EXIF turns the photo', async () => {
    const jpeg = await picture().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkPhoto(jpeg)).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
  });

  it.each([
    ['a GIF', () => picture().gif().toBuffer()],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')],
    ['a WebP (whatever its name says)', () => picture().webp().toBuffer()],
    ['a text file', async () => Buffer.from('JPEG, JPG and PNG')],
  ])('refuses %s, naming the types it accepts', async (_, make) => {
    const err = await refusal(await make());
    expect(err.code).toBe('INVALID_FILE');
    expect(err.status).toBe(400);
    expect(err.message).toBe('Photo translate accepts JPEG, JPG and PNG images only.');
  });

  it('refuses an empty file', async () => {
    const err = await refusal(new Uint8Array());
    expect([err.code, err.status, err.message]).toEqual(['INVALID_FILE', 400, 'The photo is empty.']);
  });

  it('refuses a truncated JPEG and a truncated PNG before decoding them', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.7));
    expect(imageIsComplete(cut, 'jpeg')).toBe(false);
    const err = await refusal(cut);
    expect([err.code, err.status]).toEqual(['INVALID_FILE', 400]);
    expect(err.message).toMatch(/damaged or incomplete/);
    const png = await picture().png().toBuffer();
    expect((await refusal(png.subarray(0, png.length - 20))).message).toMatch(/damaged or incomplete/);
  });

  it('refuses a 20000 × 20000 header from the header alone', async () => {
    const bytes = pngHeader(20000, 20000);
    expect(bytes.length).toBeLessThan(100);
    const err = await refusal(bytes);
    expect([err.code, err.status]).toEqual(['INVALID_FILE', 400]);
    expect(err.message).toMatch(/8000 pixels on a side or 40 megapixels/);
  });

  it('refuses more than the byte limit with 413', async () => {
    const big = Buffer.alloc(PHOTO_TRANSLATE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff], 0);
    const err = await refusal(big);
    expect([err.code, err.status]).toEqual(['PAYLOAD_TOO_LARGE', 413]);
  });

  it('knows a whole JPEG from one cut after its EXIF thumbnail', async () => {
    const thumb = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    // APP1 segment carrying a thumbnail (with its own end marker) before the main image's scan.
    const main = await picture().jpeg().toBuffer();
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (thumb.length + 2) >> 8, (thumb.length + 2) & 0xff]), thumb]);
    const withThumb = Buffer.concat([main.subarray(0, 2), app1, main.subarray(2)]);
    expect(imageIsComplete(withThumb, 'jpeg')).toBe(true);
    const sos = withThumb.lastIndexOf(Buffer.from([0xff, 0xda]));
    expect(imageIsComplete(withThumb.subarray(0, sos + 40), 'jpeg')).toBe(false);
  });

  it('stores and translates nothing for a refused photo: OCR and the translator are never reached', async () => {
    let ocrCalls = 0;
    let translateCalls = 0;
    const ocr: OcrEngine = {
      recognize: async () => {
        ocrCalls++;
        return { lines: [], confidence: 0, languages: [] };
      },
      readableLanguages: async () => new Set(['eng']),
      stats: () => ({ workers: 0, busy: 0, queued: 0 }),
      close: async () => {},
    };
    const translate: PhotoTranslator = async () => {
      translateCalls++;
      return {};
    };
    const bad = [await picture().gif().toBuffer(), pngHeader(20000, 20000), new Uint8Array()];
    for (const bytes of bad) {
      await expect(translatePhoto({ bytes, source: 'auto', target: 'tr', translate, ocr })).rejects.toMatchObject({
        code: 'INVALID_FILE',
      });
    }
    expect([ocrCalls, translateCalls]).toEqual([0, 0]);
  });
});
