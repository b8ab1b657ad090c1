import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin (no inline
 * script anywhere in the SPA), no framing, no plugins. Third-party hosts are added only for the
 * tag manager and ad pixel, and only when their ids are configured.
 * style-src allows 'unsafe-inline' because the toast library injects its stylesheet at run time;
 * inline styles cannot run code.
 */
export function securityHeaders(options: { https: boolean; gtm: boolean; pixel: boolean }) {
  const script = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
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
  return secureHeaders({
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
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [], payment: ['self'] },
  });
}
