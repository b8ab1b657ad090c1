import { type ErrorCode, errorCodeForStatus, isErrorCode } from '@polymath/shared';

function codeFromText(text: unknown): ErrorCode | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (isErrorCode(trimmed)) return trimmed;
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(trimmed) as { error?: { code?: unknown } | unknown; code?: unknown };
    const nested = (body.error as { code?: unknown } | undefined)?.code;
    if (isErrorCode(nested)) return nested;
    if (isErrorCode(body.error)) return body.error;
    if (isErrorCode(body.code)) return body.code;
  } catch {
    // Not JSON: fall through.
  }
  return undefined;
}

/**
 * The error code behind a failed chat request. Before the stream the server answers with
 * `{ error: { code } }` (the AI SDK puts that body in the error's message and responseBody); an
 * error inside the stream carries its text; a failed connection is a TypeError.
 */
export function chatErrorCode(error: unknown): ErrorCode {
  if (!error) return 'UNKNOWN_ERROR';
  const e = error as { message?: unknown; responseBody?: unknown; statusCode?: unknown };
  const fromBody = codeFromText(e.responseBody) ?? codeFromText(e.message);
  if (fromBody) return fromBody;
  if (typeof e.statusCode === 'number') return errorCodeForStatus(e.statusCode);
  if (error instanceof TypeError) return 'SERVICE_UNAVAILABLE';
  return 'MODEL_FAILED';
}

/** A connection that dropped (not an answer from the server): the answer may still be running there. */
export function isDisconnectError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const message = error.message.toLowerCase();
  return message.includes('fetch') || message.includes('network') || message === 'load failed';
}
