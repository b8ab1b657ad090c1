import { APP_NAME } from '@polymath/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PageHeads } from '../web/index.ts';
import { readSharedChat } from './shares.service.ts';

const SHARE_PAGE = /^\/share\/([^/]+)\/?$/;
/** Nobody's shared chat belongs in a search engine. */
const ROBOTS = 'noindex, nofollow';

/** The start of a text as one line of at most `max` characters. */
function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The head of /share/<id> for link previews (decision 032): the chat's title and the start of its
 * first message as og:title and og:description, always noindex. Status 200 for a live link, 410 for
 * one turned off, 404 for one that never was (the page itself says which). Read at every request.
 */
export function sharePageHeads(db: Db): PageHeads {
  return async (path) => {
    const match = SHARE_PAGE.exec(path);
    if (!match) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1] ?? '');
    } catch {
      id = '';
    }
    try {
      const chat = await readSharedChat(db, id);
      const first = chat.messages.find((m) => m.text.trim());
      const description = excerpt(first?.text ?? '', 200) || `A conversation shared from ${APP_NAME}.`;
      const title = excerpt(chat.title, 120);
      return {
        status: 200,
        head: {
          title: `${title} · ${APP_NAME}`,
          description,
          robots: ROBOTS,
          openGraph: { type: 'article', title, description, site_name: APP_NAME },
        },
      };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const revoked = err.code === 'SHARE_REVOKED';
      const title = revoked ? 'Shared chat turned off' : 'Shared chat not found';
      return {
        status: revoked ? 410 : 404,
        head: { title: `${title} · ${APP_NAME}`, description: title, robots: ROBOTS },
      };
    }
  };
}
