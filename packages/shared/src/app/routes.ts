/** Patterns of the spec's routes; anything else is the not-found page. */
const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/web-main(\/[^/]+)?\/?$/,
  /^\/horoscope(\/[^/]+(\/[^/]+)?)?\/?$/,
  /^\/settings(\/(account|login-connections|my-plan))?\/?$/,
  // /whatsapp/sandbox (the WhatsApp sandbox's phone) matches here too: `sandbox` is too short to be
  // a thread id (clientIdSchema), so it never names a thread.
  /^\/(image-generator|photo-translate|tattoo-generator|logo-maker|web-search|whatsapp)(\/[^/]+)?\/?$/,
  /^\/(gallery|payment)\/?$/,
  /^\/payment\/sandbox\/(portal|checkout\/[^/]+)\/?$/,
  /^\/(sign-in|sign-up|forgot-password)\/?$/,
  /^\/(terms-and-conditions|refund-policy|privacy-policy)\/?$/,
  // A shared chat's public page (the server answers 404 or 410 itself for a link that is not live).
  /^\/share\/[^/]+\/?$/,
];

/** True when the path is one of the spec's client routes (so the server answers 200, else 404). */
export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(pathname));
}
