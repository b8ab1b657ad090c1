/**
 * Whether an error means the database could not take the request right now, rather than that the
 * request or our code is wrong: node-postgres's pool waited its `connectionTimeoutMillis` for a free
 * connection (overload), the server refused or dropped the connection, or PostgreSQL said it cannot
 * take more connections or is starting up or shutting down. Such a request is answered 503 with a
 * Retry-After, which a client may try again, instead of 500. Drizzle wraps driver errors, so the
 * error's causes are read too.
 */
const BUSY_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'];
/** Node's network errors for a server that is not there or went away. */
const BUSY_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** PostgreSQL's: too_many_connections, cannot_connect_now, admin_shutdown, crash_shutdown. */
const BUSY_SQLSTATES = new Set(['53300', '57P03', '57P01', '57P02']);

export function isDatabaseBusy(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (BUSY_NODE_CODES.has(code) || BUSY_SQLSTATES.has(code))) return true;
    if (BUSY_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}
