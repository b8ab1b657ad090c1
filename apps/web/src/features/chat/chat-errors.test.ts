import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { chatErrorCode, isDisconnectError } from './chat-errors.ts';

function httpError(status: number, body: string) {
  return new APICallError({
    message: body || 'Failed',
    url: '/api/chat',
    requestBodyValues: undefined,
    statusCode: status,
    responseBody: body,
  });
}

describe('chatErrorCode', () => {
  it('reads the code of a JSON error answered before the stream', () => {
    const body = JSON.stringify({ error: { code: 'OUT_OF_CREDITS', message: 'No credits' } });
    expect(chatErrorCode(httpError(402, body))).toBe('OUT_OF_CREDITS');
    expect(chatErrorCode(httpError(403, JSON.stringify({ error: { code: 'MODEL_REQUIRES_PRO', message: '' } })))).toBe(
      'MODEL_REQUIRES_PRO',
    );
  });

  it('reads the code of an error inside the stream', () => {
    const text = JSON.stringify({ error: { code: 'MODEL_FAILED', message: 'The model could not answer.' } });
    expect(chatErrorCode(new Error(text))).toBe('MODEL_FAILED');
  });

  it('falls back on the HTTP status when the body has no code', () => {
    expect(chatErrorCode(httpError(402, ''))).toBe('OUT_OF_CREDITS');
    expect(chatErrorCode(httpError(429, 'Too many'))).toBe('RATE_LIMITED');
    expect(chatErrorCode(httpError(401, '<html>'))).toBe('UNAUTHORIZED');
  });

  it('treats a dropped connection as the service being unavailable', () => {
    const dropped = new TypeError('Failed to fetch');
    expect(chatErrorCode(dropped)).toBe('SERVICE_UNAVAILABLE');
    expect(isDisconnectError(dropped)).toBe(true);
    expect(isDisconnectError(new Error('Failed to fetch'))).toBe(false);
  });

  it('says the model failed for anything else', () => {
    expect(chatErrorCode(new Error('An error occurred.'))).toBe('MODEL_FAILED');
  });
});
