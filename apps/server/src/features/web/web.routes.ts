import { isClientRoute } from '@polymath/shared';
import { Hono } from 'hono';
import type { StaticFile } from '../../lib/static-files.ts';
import { readBootData, withBootData } from './boot-data.ts';
import { type PageHeads, withPageHead } from './page-head.ts';
import { routeOf, routePreloads } from './route-preloads.ts';

/**
 * Serves the built SPA: hashed assets are immutable for a year; index.html is never cached so a
 * deploy is picked up at once. Client routes fall back to index.html (200 for the spec's routes,
 * 404 for anything else, which the SPA renders as its not-found page). index.html carries the answers
 * every visitor gets (boot-data.ts), read through `request` (the app itself) on first use, and
 * preloads the requested route's chunks (route-preloads.ts).
 */
export function webRoutes(
  files: Map<string, StaticFile>,
  request?: (path: string) => Promise<Response>,
  /** Whether a request carries no session cookie: its page then carries the session's answer too. */
  signedOut?: (req: Request) => Promise<boolean>,
  /** Pages whose head the server sets per request (a shared chat's link preview, page-head.ts). */
  pageHeads?: PageHeads,
  /** Changes when the boot data's answers do (a model hidden by the model check): the pages are made again. */
  bootDataVersion: () => number = () => 0,
) {
  const app = new Hono();
  const built = files.get('/index.html');
  const preloads = routePreloads(files.get('/.vite/manifest.json')?.body, built?.body);
  // The data is read once; one page per lazy route (its chunks preloaded) and one for the rest, each
  // with and without a session cookie, made on first use. A failure leaves the page without the data
  // (the browser asks for it) and tries again next time.
  let data: Promise<Record<string, unknown>> | undefined;
  const pages = new Map<string, Promise<StaticFile>>();
  let dataVersion = bootDataVersion();
  const index = (shell: StaticFile, path: string, visitor: boolean): Promise<StaticFile> => {
    if (bootDataVersion() !== dataVersion) {
      dataVersion = bootDataVersion();
      data = undefined;
      pages.clear();
    }
    const route = routeOf(path);
    const links = preloads.get(route) ?? [];
    const key = `${links.length > 0 ? route : ''}${visitor ? ' visitor' : ''}`;
    let page = pages.get(key);
    if (!page) {
      data ??= request ? readBootData(request) : Promise.resolve({});
      page = data
        .then((answers) => withBootData(shell, visitor ? { ...answers, ...VISITOR_ANSWERS } : answers, links))
        .catch(() => {
          data = undefined;
          pages.delete(key);
          return shell;
        });
      pages.set(key, page);
    }
    return page;
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    // Build files such as .vite/manifest.json are for the server only.
    if (path.split('/').some((segment) => segment.startsWith('.'))) return c.text('Not found', 404);
    const file = path === '/index.html' ? undefined : files.get(path);
    if (file) {
      return send(c.req.raw, file, cacheControlOf(path), 200);
    }
    if (!built) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    // A missing hashed asset is a real 404, not the SPA (a stale tab after a deploy must not get HTML as JS).
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) {
      return c.text('Not found', 404);
    }
    const visitor = (await signedOut?.(c.req.raw)) ?? false;
    const page = index(built, path, visitor);
    const own = await pageHeads?.(path);
    if (own) {
      // Made for this request from what the database says now: never stored anywhere.
      const res = send(c.req.raw, withPageHead(await page, own.head), 'no-store', own.status);
      if (own.head.robots) res.headers.set('x-robots-tag', own.head.robots);
      if (signedOut) res.headers.append('vary', 'cookie');
      return res;
    }
    // A visitor's page says "no session": never stored, since Back after signing in may show a stored
    // page without asking the server again, and it would then claim a session that now exists is none.
    const res = send(c.req.raw, await page, visitor ? 'no-store' : 'no-cache', isClientRoute(path) ? 200 : 404);
    // The page depends on whether a session cookie came with the request.
    if (signedOut) res.headers.append('vary', 'cookie');
    return res;
  });

  return app;
}

/**
 * Hashed assets never change; the service worker's script is checked on every load so a release takes
 * over at once (decision 031); the rest (icons, manifests, the offline shell) may be an hour old.
 */
function cacheControlOf(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path === '/sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * What the server answers a request without a session cookie, whoever sends it: no session. The page
 * of such a visitor carries it, so the first screen shows without waiting for that round trip after
 * its script has run (B8: it was the last thing /payment's first content waited for).
 */
const VISITOR_ANSWERS = { '/api/auth/get-session': null };

function send(req: Request, file: StaticFile, cacheControl: string, status: number): Response {
  const headers = new Headers({ 'content-type': file.type, 'cache-control': cacheControl, etag: file.etag });
  if (file.gzip || file.brotli) headers.set('vary', 'accept-encoding');
  if (status === 200 && req.headers.get('if-none-match') === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accept = req.headers.get('accept-encoding') ?? '';
  let body: Uint8Array = file.body;
  if (file.brotli && /\bbr\b/.test(accept)) {
    body = file.brotli;
    headers.set('content-encoding', 'br');
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(body.length));
  return new Response(req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
}
