import sharp from 'sharp';
import type { EditArea } from './images.service.ts';

/**
 * The mask of an edit that may change only `area` of the picture (fractions of its width and
 * height): a PNG of the picture's size, opaque everywhere except an ellipse filling the area
 * (transparent = may change), as the OpenAI image API reads masks. The image models put the
 * picture back outside it (image-pixels.ts), so the rest of the photo stays exactly as it was.
 */
export async function editAreaMask(width: number, height: number, area: EditArea): Promise<Buffer> {
  const cx = (area.x + area.width / 2) * width;
  const cy = (area.y + area.height / 2) * height;
  const rx = Math.max(1, (area.width / 2) * width);
  const ry = Math.max(1, (area.height / 2) * height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><mask id="m"><rect width="${width}" height="${height}" fill="#fff"/><ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="#000"/></mask></defs><rect width="${width}" height="${height}" fill="#fff" mask="url(#m)"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}
