import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS, errorCodeForStatus, isErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it('gives every message code a status and every status code a message', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
  });

  it.each(ERROR_CODES)('%s has a 4xx/5xx status and a non-empty message', (code) => {
    const status = ERROR_STATUS[code];
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(ERROR_MESSAGES[code].trim()).not.toBe('');
  });

  it('recognises codes and nothing else', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('reads a bare HTTP status as the code it means, and any other as a client or server error', () => {
    expect(errorCodeForStatus(401)).toBe('UNAUTHORIZED');
    expect(errorCodeForStatus(402)).toBe('OUT_OF_CREDITS');
    expect(errorCodeForStatus(429)).toBe('RATE_LIMITED');
    expect(errorCodeForStatus(503)).toBe('SERVICE_UNAVAILABLE');
    expect(errorCodeForStatus(418)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(500)).toBe('INTERNAL_ERROR');
    // Every code it gives answers with that status itself (where the code has one status).
    for (const status of [401, 402, 403, 404, 405, 413, 415, 429]) {
      expect(ERROR_STATUS[errorCodeForStatus(status)]).toBe(status);
    }
  });
});
