import { CHAT_TOOL_IDS, type ChatToolId } from './tool-settings.ts';

/** Horoscope threads live under their type; one whose type is not known yet opens under this one. */
const DEFAULT_HOROSCOPE_PATH = 'daily';

/**
 * The page of a tool, or of one of its threads (spec §2 routes, each with an optional thread):
 * /web-main/<id>, /image-generator/<id>, /horoscope/<type>/<id>. One definition for the routes, the
 * history and the gallery's "open the chat it came from".
 */
export function threadPagePath(toolId: ChatToolId, threadId?: string, pathId?: string | null): string {
  const id = threadId ? `/${encodeURIComponent(threadId)}` : '';
  if (toolId === 'horoscope') {
    const type = pathId ?? (threadId ? DEFAULT_HOROSCOPE_PATH : undefined);
    return `/horoscope${type ? `/${encodeURIComponent(type)}` : ''}${id}`;
  }
  return `/${toolId}${id}`;
}

const THREAD_PAGE = new RegExp(
  `^/(?:(${CHAT_TOOL_IDS.filter((t) => t !== 'horoscope').join('|')})|horoscope/[^/]+)/([^/]+)/?$`,
);

/** The thread a pathname shows, if it is a thread page. */
export function threadIdFromPath(pathname: string): string | null {
  const match = THREAD_PAGE.exec(pathname);
  if (!match?.[2]) return null;
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return null;
  }
}
