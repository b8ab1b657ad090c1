import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a verified cookie is remembered: only its signature check is skipped, never the row's. */
const REMEMBER_MS = 5 * 60_000;
/** Enough for every active session of a busy instance; the oldest is forgotten first. */
const REMEMBER_MAX = 10_000;

/**
 * Reads the session token out of better-auth's signed session cookie (`token.base64(HMAC-SHA256)`,
 * URL-encoded, as better-call signs it), checking the signature with node:crypto. A cookie already
 * verified in the last few minutes is recognised without recomputing the HMAC; whether its session
 * still exists is for the caller to ask the database, on every request.
 */
export function createSessionCookieReader(options: { cookieName: string; secret: string }) {
  const { cookieName, secret } = options;
  const remembered = new Map<string, { token: string; until: number }>();

  function verify(raw: string): string | null {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    return token;
  }

  return {
    /** The session token of a validly signed cookie in the Cookie header, else null. */
    token(cookieHeader: string | null | undefined, now = Date.now()): string | null {
      const raw = cookieValue(cookieHeader, cookieName);
      if (!raw) return null;
      const hit = remembered.get(raw);
      if (hit && hit.until > now) return hit.token;
      const token = verify(raw);
      if (!token) return null;
      remembered.delete(raw);
      if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value as string);
      remembered.set(raw, { token, until: now + REMEMBER_MS });
      return token;
    },
  };
}

export type SessionCookieReader = ReturnType<typeof createSessionCookieReader>;

/** One cookie's raw value from a Cookie header (the first of that name, as better-call reads it). */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}
