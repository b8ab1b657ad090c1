import type { Thread } from '@polymath/shared';

/** Where a thread opens: the main chat has a page per thread; other tools open their screen for now. */
export function threadPath(thread: Pick<Thread, 'id' | 'toolId'>): string {
  return thread.toolId === 'web-main' ? `/web-main/${encodeURIComponent(thread.id)}` : `/${thread.toolId}`;
}

/** The thread a pathname shows, if it is a thread page. */
export function threadIdFromPath(pathname: string): string | null {
  const match = /^\/web-main\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
