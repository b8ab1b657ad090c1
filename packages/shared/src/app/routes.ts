import { TOOL_CATALOGUE } from '../tools/tool-catalogue.ts';

/**
 * The client routes of every tool's pages: /<tool>, /<tool>/<thread>, and for a tool with a sub-path
 * /<tool>/<value>/<thread> too.
 */
const TOOL_ROUTE_PATTERNS: RegExp[] = TOOL_CATALOGUE.map(
  (tool) => new RegExp(`^/${tool.id}(/[^/]+${'subPath' in tool ? '(/[^/]+)?' : ''})?/?$`),
);

/** Patterns of the spec's routes; anything else is the not-found page. */
const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  // Every tool's pages, from the tool catalogue (shared/src/tools).
  ...TOOL_ROUTE_PATTERNS,
  /^\/settings(\/(account|login-connections|my-plan))?\/?$/,
  // /whatsapp/sandbox (the WhatsApp sandbox's phone) matches the whatsapp tool's pattern: `sandbox` is
  // too short to be a thread id (clientIdSchema), so it never names a thread.
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
