import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery, refused for every unsafe method on /api/*: the browser's `Origin`
 * must be one of the app's origins; a request without one (an older browser's same-origin POST)
 * must say `Sec-Fetch-Site: same-origin`. Anything else — a script with a stolen cookie, a form
 * on another site, a foreign Referer alone — gets 403 WRONG_ORIGIN naming the address to use.
 * `exempt` paths are called by other servers (Stripe's webhook, an identity provider's form_post
 * callback) and carry their own proof.
 */
export function sameOriginOnly(origins: readonly string[], exempt: (path: string) => boolean): MiddlewareHandler {
  const allowed = new Set(origins);
  const url = origins[0] ?? '';
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header('origin');
    const ok = origin ? allowed.has(origin) : c.req.header('sec-fetch-site') === 'same-origin';
    if (!ok)
      throw new AppError(
        'WRONG_ORIGIN',
        `Changes must come from the app itself. Open Polymath at ${url} and try again.`,
        { url },
      );
    await next();
  };
}
