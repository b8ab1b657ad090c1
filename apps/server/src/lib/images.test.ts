import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageInfo } from './images.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

describe('imageInfo', () => {
  it('reads the type and size of JPEG, PNG, WebP and GIF from the header', async () => {
    expect(await imageInfo(await solid(1200, 800).jpeg().toBuffer())).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 800,
    });
    expect(await imageInfo(await solid(64, 40).png().toBuffer())).toEqual({ format: 'png', width: 64, height: 40 });
    expect(await imageInfo(await solid(17, 300).webp().toBuffer())).toEqual({ format: 'webp', width: 17, height: 300 });
    expect(await imageInfo(await solid(30, 20).gif().toBuffer())).toEqual({ format: 'gif', width: 30, height: 20 });
  });

  it('gives the size shown: a photo with EXIF orientation 6 (turned a quarter) swaps width and height', async () => {
    const turned = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await imageInfo(turned)).toEqual({ format: 'jpeg', width: 200, height: 400 });
    const upsideDown = await solid(400, 200).jpeg().withMetadata({ orientation: 3 }).toBuffer();
    expect(await imageInfo(upsideDown)).toEqual({ format: 'jpeg', width: 400, height: 200 });
  });

  it('an animated GIF is measured by its first frame', async () => {
    const frames = Buffer.concat([0x10, 0x80, 0xf0].map((v) => Buffer.alloc(30 * 20 * 3, v)));
    const gif = await sharp(frames, { raw: { width: 30, height: 60, channels: 3, pageHeight: 20 } })
      .gif()
      .toBuffer();
    expect(await imageInfo(gif)).toEqual({ format: 'gif', width: 30, height: 20 });
  });

  it('reads the size from the header alone: 1 KB of a 48-megapixel PNG is enough', async () => {
    const huge = await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    // Its pixel data is cut off: nothing could have been decoded.
    expect(await imageInfo(huge.subarray(0, 1000))).toEqual({ format: 'png', width: 8000, height: 6000 });
  });

  it('null for anything that is not one of those images, or whose header cannot be read', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    for (const bytes of [
      new Uint8Array(),
      Buffer.from('hello, I am text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      await solid(10, 10).tiff().toBuffer(),
      png.subarray(0, 12),
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(64, 7)]),
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), jpeg]),
    ]) {
      expect(await imageInfo(bytes)).toBeNull();
    }
  });
});
