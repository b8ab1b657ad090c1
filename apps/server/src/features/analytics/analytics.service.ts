import { analyticsPath, type PageView } from '@polymath/shared';
import type { Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/**
 * Stores one page view. The referrer keeps only its origin and path: query strings may hold tokens.
 * A shared chat's id (`/share/<id>`, the link's secret) is stored as `/share/*` in both, whatever the
 * browser sent (the web app already sends `/share/*`).
 */
export async function recordPageView(db: Db, view: PageView, at: Date = new Date()): Promise<void> {
  await db.insert(pageViews).values({
    path: analyticsPath(stripQuery(view.path)),
    referrer: view.referrer ? redactReferrer(stripQuery(view.referrer)) : null,
    locale: view.locale ?? null,
    theme: view.theme ?? null,
    createdAt: at,
  });
}

function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** A referrer on a shared chat's page (ours, or any site's `/share/<id>`) keeps its origin only. */
function redactReferrer(url: string): string {
  if (!URL.canParse(url)) return analyticsPath(url);
  const { origin, pathname } = new URL(url);
  return pathname.startsWith('/share/') ? `${origin}${analyticsPath(pathname)}` : url;
}
