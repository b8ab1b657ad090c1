import type { PhotoBox } from '@polymath/shared';

/**
 * Colours sampled from the photo for redrawing a region: the background around it, the colour of its
 * letters, and the patch that covers it. This runs on the main thread for every region, so it
 * allocates nothing per pixel and sorts nothing: medians come from 256-bin histograms (8-bit
 * channels), and large areas are read on a sparse grid (B11 measures the event loop while jobs run).
 */

/** Decoded pixels, 8 bits per channel: RGB, or RGBA when the photo has transparency. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 | 4 };
export type Rgba = [number, number, number, number];

/** Per-channel histograms of 8-bit values, for medians without sorting. */
class ColorHistogram {
  private readonly bins = new Uint32Array(4 * 256);
  count = 0;

  add(image: RawImage, x: number, y: number): void {
    const i = (y * image.width + x) * image.channels;
    const d = image.data;
    this.bins[d[i] ?? 0] = (this.bins[d[i] ?? 0] ?? 0) + 1;
    this.bins[256 + (d[i + 1] ?? 0)] = (this.bins[256 + (d[i + 1] ?? 0)] ?? 0) + 1;
    this.bins[512 + (d[i + 2] ?? 0)] = (this.bins[512 + (d[i + 2] ?? 0)] ?? 0) + 1;
    const a = image.channels === 4 ? (d[i + 3] ?? 255) : 255;
    this.bins[768 + a] = (this.bins[768 + a] ?? 0) + 1;
    this.count++;
  }

  median(): Rgba {
    const out: Rgba = [0, 0, 0, 255];
    if (this.count === 0) return out;
    const half = this.count / 2;
    for (let c = 0; c < 4; c++) {
      let seen = 0;
      for (let v = 0; v < 256; v++) {
        seen += this.bins[c * 256 + v] ?? 0;
        if (seen >= half) {
          out[c] = v;
          break;
        }
      }
    }
    return out;
  }
}

const inBox = (box: PhotoBox, x: number, y: number) =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** The ring's depth around a box: a quarter of its height, between 2 and 10 px. */
const ringOf = (box: PhotoBox) => Math.max(2, Math.round(Math.min(box.height, 40) * 0.25));

/** The background around a box: the median of a ring of pixels just outside it (inside the image). */
export function sampleFill(image: RawImage, box: PhotoBox): Rgba {
  const ring = ringOf(box);
  const x0 = Math.max(0, box.x - ring);
  const y0 = Math.max(0, box.y - ring);
  const x1 = Math.min(image.width, box.x + box.width + ring);
  const y1 = Math.min(image.height, box.y + box.height + ring);
  // About 4,000 evenly spread pixels are plenty for a median.
  const area = (x1 - x0) * (y1 - y0) - box.width * box.height;
  const step = Math.max(1, Math.floor(Math.sqrt(area / 4000)));
  const histogram = new ColorHistogram();
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) if (!inBox(box, x, y)) histogram.add(image, x, y);
  }
  // A box filling the whole image has no ring: its own pixels' median is the best guess.
  if (histogram.count === 0) {
    for (let y = box.y; y < box.y + box.height; y += step) {
      for (let x = box.x; x < box.x + box.width; x += step) histogram.add(image, x, y);
    }
  }
  return histogram.median();
}

export const luminance = (c: Rgba) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/**
 * The colour of the letters inside a box: the median of the pixels least like the background (the
 * most distant 15%). Black or white, whichever stands out, when that is too faint to read.
 */
export function sampleInk(image: RawImage, box: PhotoBox, fill: Rgba): Rgba {
  const step = Math.max(1, Math.floor(Math.sqrt((box.width * box.height) / 6000)));
  const d = image.data;
  const ch = image.channels;
  const distanceAt = (x: number, y: number) => {
    const i = (y * image.width + x) * ch;
    const a = ch === 4 ? (d[i + 3] ?? 255) : 255;
    return (
      Math.abs((d[i] ?? 0) - fill[0]) +
      Math.abs((d[i + 1] ?? 0) - fill[1]) +
      Math.abs((d[i + 2] ?? 0) - fill[2]) +
      Math.abs(a - fill[3])
    );
  };
  // First pass: the distance above which the farthest 15% lie (a histogram of distances, 0…1020).
  const distances = new Uint32Array(1021);
  let total = 0;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      const k = distanceAt(x, y);
      distances[k] = (distances[k] ?? 0) + 1;
      total++;
    }
  }
  let threshold = 1020;
  for (let seen = 0; threshold > 0; threshold--) {
    seen += distances[threshold] ?? 0;
    if (seen >= Math.max(1, total * 0.15)) break;
  }
  const histogram = new ColorHistogram();
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) if (distanceAt(x, y) >= threshold) histogram.add(image, x, y);
  }
  const ink = histogram.median();
  const transparentFill = fill[3] < 128;
  if (!transparentFill && Math.abs(luminance(ink) - luminance(fill)) < 70) {
    return luminance(fill) > 128 ? [0, 0, 0, 255] : [255, 255, 255, 255];
  }
  return ink[3] < 128 ? [ink[0], ink[1], ink[2], 255] : ink;
}

/**
 * One side of the ring around a box as a colour per position along it: the side is cut into
 * stretches of at least a few pixels, each stretch's median over the ring's depth is a control
 * colour, and positions in between are interpolated. A letter or an edge poking into the ring does
 * not streak the patch. Null where the box touches the image's edge.
 */
function sideProfile(
  image: RawImage,
  box: PhotoBox,
  side: 'top' | 'bottom' | 'left' | 'right',
  ring: number,
): Float32Array[] | null {
  const horizontal = side === 'top' || side === 'bottom';
  const length = horizontal ? box.width : box.height;
  const from =
    side === 'top'
      ? box.y - ring
      : side === 'bottom'
        ? box.y + box.height
        : side === 'left'
          ? box.x - ring
          : box.x + box.width;
  const lo = Math.max(0, from);
  const hi = Math.min(horizontal ? image.height : image.width, from + ring);
  if (hi <= lo) return null;
  const stretches = Math.max(1, Math.min(48, Math.floor(length / Math.max(4, ring))));
  const controls: Rgba[] = [];
  for (let s = 0; s < stretches; s++) {
    const a = Math.floor((s * length) / stretches);
    const b = Math.max(a + 1, Math.floor(((s + 1) * length) / stretches));
    const step = Math.max(1, Math.floor(Math.sqrt(((b - a) * (hi - lo)) / 300)));
    const histogram = new ColorHistogram();
    for (let i = a; i < b; i += step) {
      for (let dep = lo; dep < hi; dep += step) {
        if (horizontal) histogram.add(image, box.x + i, dep);
        else histogram.add(image, dep, box.y + i);
      }
    }
    controls.push(histogram.median());
  }
  const out = [0, 1, 2, 3].map(() => new Float32Array(length));
  for (let i = 0; i < length; i++) {
    // Position in control units, controls sitting at the middle of their stretch.
    const t = Math.max(0, Math.min(stretches - 1, ((i + 0.5) * stretches) / length - 0.5));
    const k = Math.floor(t);
    const f = t - k;
    const p = controls[k] as Rgba;
    const q = controls[Math.min(stretches - 1, k + 1)] as Rgba;
    for (let c = 0; c < 4; c++) (out[c] as Float32Array)[i] = (p[c] ?? 0) * (1 - f) + (q[c] ?? 0) * f;
  }
  return out;
}

/**
 * The patch that covers a box: the colours of its surroundings carried across it (each pixel blends
 * the ring above and below it and the ring left and right of it, by distance), so a gradient or a
 * shadow runs on under the new text instead of stopping at a flat rectangle, with a little noise of
 * the surroundings' grain. The flat median stands in where a side is missing. RGBA, 8 bits.
 */
export function fillPatch(image: RawImage, box: PhotoBox, fill: Rgba): Buffer {
  const ring = ringOf(box);
  const { width: w, height: h } = box;
  const flat = [0, 1, 2, 3].map((c) => new Float32Array(Math.max(w, h)).fill(fill[c] ?? 0));
  const top = sideProfile(image, box, 'top', ring);
  const bottom = sideProfile(image, box, 'bottom', ring);
  const left = sideProfile(image, box, 'left', ring);
  const right = sideProfile(image, box, 'right', ring);
  const T = top ?? bottom;
  const B = bottom ?? top;
  const L = left ?? right;
  const R = right ?? left;
  // Sides across the long dimension carry more of the picture: weight them by their length.
  const vertical = T ? (L ? w / (w + h) : 1) : 0;

  // The ring's grain: how far its pixels stray from the smooth profile (capped: a busy photo stays calm).
  let spread = 0;
  let count = 0;
  if (top && box.y > 0) {
    const y = box.y - 1;
    for (let x = 0; x < w; x += 3) {
      const i = (y * image.width + box.x + x) * image.channels;
      for (let c = 0; c < 3; c++) spread += Math.abs((image.data[i + c] ?? 0) - ((top[c] as Float32Array)[x] ?? 0));
      count += 3;
    }
  }
  const grain = Math.min(12, count ? spread / count : 0);
  let seed = ((box.x * 73856093) ^ (box.y * 19349663)) >>> 0;

  const out = Buffer.alloc(w * h * 4);
  for (let c = 0; c < 4; c++) {
    const t = (T ?? flat)[c] as Float32Array;
    const b = (B ?? flat)[c] as Float32Array;
    const l = (L ?? flat)[c] as Float32Array;
    const r = (R ?? flat)[c] as Float32Array;
    for (let y = 0; y < h; y++) {
      const v = h > 1 ? y / (h - 1) : 0.5;
      const ly = l[y] ?? 0;
      const ry = r[y] ?? 0;
      for (let x = 0; x < w; x++) {
        const u = w > 1 ? x / (w - 1) : 0.5;
        const across = (1 - v) * (t[x] ?? 0) + v * (b[x] ?? 0);
        const along = (1 - u) * ly + u * ry;
        let value = vertical * across + (1 - vertical) * along;
        if (c < 3 && grain > 0) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          value += (seed / 0xffffffff - 0.5) * 2 * grain;
        }
        out[(y * w + x) * 4 + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
    }
  }
  return out;
}
