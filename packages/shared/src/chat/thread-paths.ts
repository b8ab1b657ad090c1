import { type ChatToolId, TOOL_CATALOGUE, toolEntry } from '../tools/tool-catalogue.ts';

/**
 * The page of a tool, or of one of its threads (spec §2 routes, each with an optional thread):
 * /web-main/<id>, /image-generator/<id>, /horoscope/<type>/<id>. One definition for the routes, the
 * history and the gallery's "open the chat it came from".
 */
export function threadPagePath(toolId: ChatToolId, threadId?: string, pathId?: string | null): string {
  const id = threadId ? `/${encodeURIComponent(threadId)}` : '';
  // A tool whose pages carry a sub-path (horoscope's type): a thread whose value is not known yet
  // opens under the catalogue's default.
  const { subPath } = toolEntry(toolId);
  if (subPath) {
    const value = pathId ?? (threadId ? subPath : undefined);
    return `/${toolId}${value ? `/${encodeURIComponent(value)}` : ''}${id}`;
  }
  return `/${toolId}${id}`;
}

/** /<tool>/<thread>, or /<tool>/<value>/<thread> for a tool whose pages carry a sub-path. */
const THREAD_PAGE = new RegExp(
  `^/(?:${TOOL_CATALOGUE.map((t) => ('subPath' in t ? `${t.id}/[^/]+` : t.id)).join('|')})/([^/]+)/?$`,
);

/** The thread a pathname shows, if it is a thread page. */
export function threadIdFromPath(pathname: string): string | null {
  const match = THREAD_PAGE.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
