import { type ChatToolId, LOGO_FONTS, type Locale, TEXT_LOGO_MODEL_ID, type TextLogoDesign } from '@polymath/shared';
import type { Db } from '../../../db/client.ts';
import type { FileStore } from '../../../lib/storage/file-store.ts';
import { makeThumbnail } from '../../../lib/thumbnail.ts';
import {
  type ExtraFiles,
  type ImageKind,
  type ImageRow,
  imageFolder,
  newImageId,
  storeReadyImage,
} from '../../images/index.ts';
import { fontLabel } from './logo-fonts.ts';
import { renderTextLogo } from './text-logo-render.ts';

/**
 * A text logo, as the images feature keeps and shows it: rendered by the app (no image model, so
 * not counted in Pro's daily images), with its SVG and previews on light and dark beside the PNG.
 */
export const textLogoKind: ImageKind = {
  id: TEXT_LOGO_MODEL_ID,
  modelName: () => 'Text logo (rendered by Polymath)',
};

export type TextLogoBrief = {
  brandName: string;
  tagline?: string | undefined;
  colours?: readonly string[] | undefined;
  locale: Locale;
};

/** How a text logo is described in the gallery (its prompt). */
export function describeTextLogo(design: TextLogoDesign, brief: TextLogoBrief): string {
  const tagline = brief.tagline
    ? `; tagline “${brief.tagline}” in ${fontLabel(design.taglineFont ?? 'montserrat-medium')}`
    : '';
  const mark = design.mark ? ` with a ${design.mark} mark` : '';
  const colours = brief.colours?.length ? `; colours ${brief.colours.join(', ')}` : '';
  return `Text logo “${brief.brandName}”: ${design.layout}${mark}, ${fontLabel(design.font)} (${LOGO_FONTS[design.font].kind})${tagline}${colours}`;
}

/**
 * Renders each design and stores it as a ready image of the person's (the gallery shows it with its
 * tool): the transparent PNG as the original, its previews on light and dark, the SVG, and a
 * thumbnail of the light preview. One at a time: each render takes a core for a moment.
 */
export async function storeTextLogos(
  db: Db,
  files: FileStore,
  args: {
    userId: string;
    toolId: ChatToolId;
    threadId: string;
    answerId: string;
    parentId?: string | null;
    designs: TextLogoDesign[];
    brief: TextLogoBrief;
    now: Date;
  },
): Promise<ImageRow[]> {
  const folder = imageFolder(args.userId);
  const rows: ImageRow[] = [];
  for (const [index, design] of args.designs.entries()) {
    const made = await renderTextLogo({ design, ...args.brief });
    const id = newImageId();
    const fileKey = `${folder}/${id}.png`;
    const thumbKey = `${folder}/${id}-thumb.webp`;
    const extra: Required<ExtraFiles> = {
      svg: `${folder}/${id}.svg`,
      light: `${folder}/${id}-light.png`,
      dark: `${folder}/${id}-dark.png`,
    };
    const thumb = await makeThumbnail(made.onLight);
    await files.put(fileKey, made.png, { contentType: 'image/png' });
    await files.put(extra.svg, Buffer.from(made.svg), { contentType: 'image/svg+xml' });
    await files.put(extra.light, made.onLight, { contentType: 'image/png' });
    await files.put(extra.dark, made.onDark, { contentType: 'image/png' });
    await files.put(thumbKey, thumb.bytes, { contentType: thumb.mediaType });
    const row = await storeReadyImage(db, {
      id,
      userId: args.userId,
      toolId: args.toolId,
      threadId: args.threadId,
      answerId: args.answerId,
      parentId: args.parentId ?? null,
      prompt: describeTextLogo(design, args.brief),
      modelId: TEXT_LOGO_MODEL_ID,
      aspectRatio: '3:2',
      mediaType: 'image/png',
      width: made.width,
      height: made.height,
      bytes: made.png.length,
      fileKey,
      thumbKey,
      extraFiles: extra,
      design,
      // Distinct instants keep the order of the designs.
      createdAt: new Date(args.now.getTime() + index),
      updatedAt: args.now,
    });
    if (row) rows.push(row);
  }
  return rows;
}
