import type { PageView } from '@polymath/shared';
import type { Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/** Stores one page view. The referrer keeps only its origin and path: query strings may hold tokens. */
export async function recordPageView(db: Db, view: PageView, at: Date = new Date()): Promise<void> {
  await db.insert(pageViews).values({
    path: stripQuery(view.path),
    referrer: view.referrer ? stripQuery(view.referrer) : null,
    locale: view.locale ?? null,
    theme: view.theme ?? null,
    createdAt: at,
  });
}

function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
