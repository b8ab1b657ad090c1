import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The Google/Apple sign-in popup comes back through these from the provider's page, which has no
 * opener policy: browsers enforce the policy of every response of a navigation, redirects included,
 * and a stricter one than the previous page's would move the popup into a new browsing context
 * group, cut off from the page that opened it. So these answer with 'unsafe-none'.
 */
function isPopupReturn(path: string): boolean {
  return path === '/auth/complete.html' || path.startsWith('/api/auth/callback/');
}

/**
 * Headers that only a document (or something a browser may render as one: HTML, SVG, JSON opened in
 * a tab) acts on. A script, stylesheet, font or raster image never becomes a document, so these ~1 KB
 * of headers were sent for nothing on each of the first screen's files (B7, B8). nosniff stays on
 * every response, so a script is only ever run as the type it was served as.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'x-frame-options',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const SUBRESOURCE_TYPE = /^(text\/javascript|text\/css|font\/|image\/(?!svg))/;

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin, plus the
 * inline scripts of the built page pinned by their hashes (`scriptHashes`, no 'unsafe-inline'), no
 * framing, no plugins. Third-party hosts are added only for the tag manager and ad pixel, and only
 * when their ids are configured. With files in S3, the browser loads images from the bucket's signed
 * URLs: that one origin (`fileOrigin`) joins img-src. Downloads are navigations and need no
 * directive; connect-src stays ours until the web app fetch()es a file. style-src allows
 * 'unsafe-inline' because the toast library injects its stylesheet at run time (and index.html
 * styles its placeholder itself); inline styles cannot run code.
 */
export function securityHeaders(options: {
  https: boolean;
  gtm: boolean;
  pixel: boolean;
  /** The origin of the file store's signed URLs (FileStore.urlOrigin); null when the app serves files. */
  fileOrigin?: string | null;
  /** `'sha256-…'` of each inline script index.html has (features/web/inline-scripts.ts). */
  scriptHashes?: readonly string[];
}): MiddlewareHandler {
  const script = ["'self'", ...(options.scriptHashes ?? [])];
  const img = ["'self'", 'data:', 'blob:'];
  if (options.fileOrigin) img.push(options.fileOrigin);
  const connect = ["'self'"];
  if (options.gtm) {
    script.push('https://www.googletagmanager.com');
    img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
  }
  if (options.pixel) {
    script.push('https://connect.facebook.net');
    img.push('https://www.facebook.com');
    connect.push('https://www.facebook.com');
  }
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: script,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: img,
      fontSrc: ["'self'", 'data:'],
      connectSrc: connect,
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    // The sign-in popup goes through Google's or Apple's pages; with 'same-origin' the browser would
    // cut it off from the page that opened it (window.opener null, popup.closed true), so the result
    // could not be posted back. 'same-origin-allow-popups' keeps our popups connected (isPopupReturn).
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [], payment: ['self'] },
  });
  return async (c, next) => {
    // A route may set a stricter policy of its own (a downloaded SVG): it is kept, not replaced.
    let own: string | null = null;
    await headers(c, async () => {
      await next();
      own = c.res.headers.get('content-security-policy');
    });
    if (own) c.res.headers.set('content-security-policy', own);
    if (SUBRESOURCE_TYPE.test(c.res.headers.get('content-type') ?? '')) {
      for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
    }
    if (isPopupReturn(c.req.path)) c.res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  };
}
