import { TEXT_LOGO_HEIGHT, TEXT_LOGO_WIDTH, type TextLogoDesign } from '@polymath/shared';
import satori from 'satori';
import sharp, { type Sharp } from 'sharp';
import { fontsFor } from './logo-fonts.ts';
import { DARK_BACKGROUND, darkPalette, LIGHT_BACKGROUND, type LogoPalette, lightPalette } from './text-logo-colours.ts';
import { LAYOUT_HEIGHT, LAYOUT_WIDTH, type TextLogoContent, textLogoTree } from './text-logo-layout.ts';

/**
 * Renders a text logo locally, with no image model: satori lays the design out and turns every
 * letter into a path (so the SVG needs no font and holds none of the person's text as text), the
 * SVG is cropped to its ink and centred on a 3:2 canvas, and sharp rasterises it. Deterministic:
 * the same design, brief and fonts give the same bytes.
 */

export type TextLogoRequest = TextLogoContent & {
  design: TextLogoDesign;
  /** The brief's colours, main colour first. */
  colours?: readonly string[] | undefined;
};

export type TextLogoFiles = {
  /** For light backgrounds, transparent: the download. */
  svg: string;
  /** The SVG rasterised at TEXT_LOGO_WIDTH × TEXT_LOGO_HEIGHT, transparent. */
  png: Buffer;
  /** Previews: on white, and the reversed colours on the dark theme's background. */
  onLight: Buffer;
  onDark: Buffer;
  width: number;
  height: number;
};

/** Room around the ink, as a share of the canvas. */
const MARGIN = 0.12;
/** The ink is found on a raster this many times smaller than the layout canvas. */
const MEASURE_SCALE = 8;

type Box = { x: number; y: number; width: number; height: number };

async function layout(request: TextLogoRequest, palette: LogoPalette): Promise<string> {
  const { design } = request;
  const fonts = await fontsFor([design.font, design.taglineFont ?? 'montserrat-medium']);
  return satori(textLogoTree(design, request, palette) as Parameters<typeof satori>[0], {
    width: LAYOUT_WIDTH,
    height: LAYOUT_HEIGHT,
    fonts,
  });
}

/** Where the drawing is: the box around every pixel with some ink, in layout units. */
async function inkBox(svg: string): Promise<Box> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 / MEASURE_SCALE })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[y * info.width + x] ?? 0) > 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) throw new Error('the text logo has no ink');
  const sx = LAYOUT_WIDTH / info.width;
  const sy = LAYOUT_HEIGHT / info.height;
  // One measuring pixel either side: the raster rounds the edges.
  return {
    x: (minX - 1) * sx,
    y: (minY - 1) * sy,
    width: (maxX - minX + 3) * sx,
    height: (maxY - minY + 3) * sy,
  };
}

/** The ink's box grown by the margin and to the canvas's shape, centred on the ink. */
export function frame(ink: Box): Box {
  const ratio = TEXT_LOGO_WIDTH / TEXT_LOGO_HEIGHT;
  let width = ink.width / (1 - 2 * MARGIN);
  let height = ink.height / (1 - 2 * MARGIN);
  if (width / height > ratio) height = width / ratio;
  else width = height * ratio;
  return { x: ink.x + ink.width / 2 - width / 2, y: ink.y + ink.height / 2 - height / 2, width, height };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The satori SVG shown through `view` at the output size. */
function reframe(svg: string, view: Box): string {
  const head = `<svg width="${LAYOUT_WIDTH}" height="${LAYOUT_HEIGHT}" viewBox="0 0 ${LAYOUT_WIDTH} ${LAYOUT_HEIGHT}"`;
  if (!svg.startsWith(head)) throw new Error('unexpected SVG from the layout');
  return `<svg width="${TEXT_LOGO_WIDTH}" height="${TEXT_LOGO_HEIGHT}" viewBox="${round(view.x)} ${round(view.y)} ${round(view.width)} ${round(view.height)}"${svg.slice(head.length)}`;
}

const png = (image: Sharp) => image.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();

export async function renderTextLogo(request: TextLogoRequest): Promise<TextLogoFiles> {
  const light = lightPalette(request.colours);
  const [lightSvg, darkSvg] = await Promise.all([layout(request, light), layout(request, darkPalette(light))]);
  const view = frame(await inkBox(lightSvg));
  const svg = reframe(lightSvg, view);
  const reversed = reframe(darkSvg, view);
  const [transparent, onLight, onDark] = await Promise.all([
    png(sharp(Buffer.from(svg))),
    png(sharp(Buffer.from(svg)).flatten({ background: LIGHT_BACKGROUND })),
    png(sharp(Buffer.from(reversed)).flatten({ background: DARK_BACKGROUND })),
  ]);
  return { svg, png: transparent, onLight, onDark, width: TEXT_LOGO_WIDTH, height: TEXT_LOGO_HEIGHT };
}
