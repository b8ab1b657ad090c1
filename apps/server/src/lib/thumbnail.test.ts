import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { makeThumbnail } from './thumbnail.ts';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#ff000080' : '#3366cc' } });

async function decoded(bytes: Buffer) {
  return sharp(bytes).metadata();
}

describe('makeThumbnail', () => {
  it('a large photo → a WebP of 512 px on the long side, with its real size reported', async () => {
    const thumb = await makeThumbnail(await solid(2000, 1000).jpeg().toBuffer());
    expect([thumb.mediaType, thumb.width, thumb.height]).toEqual(['image/webp', 512, 256]);
    expect(thumb.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const meta = await decoded(thumb.bytes);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 256]);

    const portrait = await makeThumbnail(await solid(1000, 3000).png().toBuffer());
    expect([portrait.width, portrait.height]).toEqual([171, 512]);
  });

  it('never scales up; maxSide sets another long side', async () => {
    const small = await makeThumbnail(await solid(300, 200).png().toBuffer());
    expect([small.width, small.height]).toEqual([300, 200]);
    const custom = await makeThumbnail(await solid(1000, 800).webp().toBuffer(), { maxSide: 128 });
    expect([custom.width, custom.height]).toEqual([128, 102]);
    expect((await decoded(custom.bytes)).width).toBe(128);
  });

  it('turns the photo by its EXIF orientation and keeps no metadata', async () => {
    const photo = await solid(1600, 800)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Ada' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('Secret Owner'))).toBe(true);
    const thumb = await makeThumbnail(photo);
    expect([thumb.width, thumb.height]).toEqual([256, 512]);
    const meta = await decoded(thumb.bytes);
    expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
    expect(thumb.bytes.includes(Buffer.from('Secret Owner'))).toBe(false);
  });

  it('keeps transparency, and an animated GIF becomes its first frame', async () => {
    const alpha = await makeThumbnail(await solid(40, 40, 4).png().toBuffer());
    expect((await decoded(alpha.bytes)).hasAlpha).toBe(true);

    const frames = Buffer.concat([0x10, 0x80, 0xf0].map((v) => Buffer.alloc(30 * 20 * 3, v)));
    const gif = await sharp(frames, { raw: { width: 30, height: 60, channels: 3, pageHeight: 20 } })
      .gif()
      .toBuffer();
    const thumb = await makeThumbnail(gif);
    const meta = await decoded(thumb.bytes);
    expect([thumb.width, thumb.height, meta.pages ?? 1]).toEqual([30, 20, 1]);
  });

  it('anything but an image, or one too large to decode, is INVALID_FILE; a bad maxSide is a RangeError', async () => {
    for (const bytes of [
      new Uint8Array(),
      Buffer.from('not an image'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      await expect(makeThumbnail(bytes)).rejects.toMatchObject({ code: 'INVALID_FILE' });
    }
    const huge = await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    const error = await makeThumbnail(huge).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INVALID_FILE', message: expect.stringMatching(/dimensions/) });
    const png = await solid(10, 10).png().toBuffer();
    for (const maxSide of [0, 15, 4097, 100.5]) {
      await expect(makeThumbnail(png, { maxSide })).rejects.toThrow(RangeError);
    }
  });
});
