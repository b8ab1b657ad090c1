import type { ImageAspectRatio } from '@polymath/shared';
import sharp from 'sharp';
import { type Box, demoDesignSvg, demoLabelSvg, demoSceneSvg } from './demo-art.ts';
import type { GeneratedImage, PreparedPhoto } from './image-pixels.ts';
import { restoreOutsideMask } from './image-pixels.ts';

/**
 * The offline demo image model: with no image provider configured, the image tools still make real
 * pictures — drawn locally from the prompt (demo-art.ts) and marked DEMO on the picture itself — so
 * the whole flow (jobs, gallery, edits) works on a fresh start. It never pretends to be an AI.
 */
export const DEMO_IMAGE_MODEL_ID = 'demo-image';

/** The demo draws 1024 px on the long side. */
const LONG_SIDE = 1024;

export function demoImageSize(ratio: ImageAspectRatio): { width: number; height: number } {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  return w >= h
    ? { width: LONG_SIDE, height: Math.round((LONG_SIDE * h) / w) }
    : { width: Math.round((LONG_SIDE * w) / h), height: LONG_SIDE };
}

/** One demo picture: the same prompt and index always give the same pixels. */
export async function renderDemoImage(
  prompt: string,
  index: number,
  ratio: ImageAspectRatio,
  { label = true } = {},
): Promise<GeneratedImage> {
  const { width, height } = demoImageSize(ratio);
  const svg = demoSceneSvg(prompt, index, width, height, label);
  const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  return { bytes, mediaType: 'image/png', width, height };
}

/** The part of the photo the mask leaves editable (alpha below half), or undefined when none is. */
function editableBox(alpha: Buffer, width: number, height: number): Box | undefined {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] ?? 255) < 128) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? undefined : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/**
 * A demo edit: a line design from the prompt drawn onto the photo — inside the mask's editable part
 * when a mask is given (the rest of the photo is left exactly as it was), in the middle otherwise —
 * and the DEMO badge. Enough for an edit-a-photo flow to work offline.
 */
export async function renderDemoEdit(
  photo: PreparedPhoto,
  alpha: Buffer | undefined,
  prompt: string,
  index: number,
): Promise<GeneratedImage> {
  const { width, height } = photo;
  const side = Math.round(Math.min(width, height) * 0.4);
  const centre: Box = {
    x: Math.round((width - side) / 2),
    y: Math.round((height - side) / 2),
    width: side,
    height: side,
  };
  const box = (alpha && editableBox(alpha, width, height)) ?? centre;
  const design = Buffer.from(demoDesignSvg(prompt, index, width, height, box));
  const drawn = await sharp(photo.png)
    .composite([{ input: design }])
    .png()
    .toBuffer();
  const picture = alpha ? await restoreOutsideMask(drawn, photo, alpha) : drawn;
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${demoLabelSvg(width, height)}</svg>`,
  );
  const bytes = await sharp(picture)
    .composite([{ input: label }])
    .png()
    .toBuffer();
  return { bytes, mediaType: 'image/png', width, height };
}
