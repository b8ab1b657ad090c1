import {
  type ChatToolId,
  IMAGE_TOOL_IDS,
  type ImageAspectRatio,
  type ImageItem,
  type ImageToolId,
  type ImageUsage,
  threadPagePath,
  toolEntry,
} from '@polymath/shared';
import { toolTextsKey } from '../../lib/i18n/tool-texts.ts';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';

/**
 * The tools that make images: the shared catalogue's (`makesImages`), in its order, those that only
 * rework a photo the person brings (`'fromPhoto'`) after the ones that make pictures from words (the
 * gallery filter's order; an empty gallery suggests only the latter, `makesFromWords`).
 */
export const IMAGE_TOOLS = IMAGE_TOOL_IDS.map((toolId) => ({
  toolId,
  titleKey: toolTitleKey(toolId),
  path: threadPagePath(toolId),
  makesFromWords: toolEntry(toolId).makesImages !== 'fromPhoto',
})).sort((a, b) => Number(b.makesFromWords) - Number(a.makesFromWords));

export type { ImageToolId };

export function isImageToolId(value: string | null): value is ImageToolId {
  return IMAGE_TOOL_IDS.some((id) => id === value);
}

/** The name of the tool an image came from (any chat tool may call the image function): its title. */
export function toolTitleKey(toolId: ChatToolId): string {
  return `tools:${toolTextsKey(toolId)}.title`;
}

/** The chat an image was made in; null once that chat is gone. */
export function imageThreadPath(image: Pick<ImageItem, 'threadId' | 'toolId'>): string | null {
  if (!image.threadId) return null;
  return `/${image.toolId}/${encodeURIComponent(image.threadId)}`;
}

/** Where the gallery opens this image in its lightbox. */
export function galleryImagePath(id: string): string {
  return `/gallery?image=${encodeURIComponent(id)}`;
}

/** CSS `aspect-ratio` for a ratio like "16:9", so a placeholder has the image's shape before it loads. */
export function cssAspectRatio(ratio: ImageAspectRatio): string {
  const [w, h] = ratio.split(':');
  return `${w} / ${h}`;
}

/** Pro's fair-use line is shown once 20 % or less of the day's images are left. */
export const USAGE_WARNING_SHARE = 0.2;

export function isUsageLow(usage: ImageUsage): boolean {
  return usage.limit > 0 && usage.remaining <= usage.limit * USAGE_WARNING_SHARE;
}

/** The moment the allowance renews, in the person's clock; with the date when it is not today for them. */
export function formatResetTime(resetsAt: string, now: Date, locale: string, timeZone?: string): string {
  const reset = new Date(resetsAt);
  const zone = timeZone ? { timeZone } : {};
  const day = dateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  if (day.format(reset) === day.format(now)) {
    return dateTimeFormat(locale, { ...zone, timeStyle: 'short' }).format(reset);
  }
  return dateTimeFormat(locale, { ...zone, dateStyle: 'medium', timeStyle: 'short' }).format(reset);
}

export function formatImageDate(createdAt: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(createdAt));
}
