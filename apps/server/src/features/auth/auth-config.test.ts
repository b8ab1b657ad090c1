import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../env.ts';
import { enabledSocialProviders, localeFromAcceptLanguage } from './auth.ts';
import { mapAuthError, mapRedirectError } from './auth-errors.ts';

describe('accounts environment', () => {
  it('defaults: outbox mail, Google and Apple issuers, 5 attempts per 60 s, no social provider', () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Polymath <no-reply@localhost>');
    expect(env.GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(env.APPLE_ISSUER).toBe('https://appleid.apple.com');
    expect([env.AUTH_RATE_LIMIT_MAX, env.AUTH_RATE_LIMIT_WINDOW_SECONDS]).toEqual([5, 60]);
    expect(enabledSocialProviders(env)).toEqual([]);
  });

  it('reads the accounts variables; empty strings are unset', () => {
    const env = loadEnv({
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: '',
      APPLE_CLIENT_ID: 'com.example.web',
      GOOGLE_ISSUER: 'http://127.0.0.1:9999/',
      AUTH_RATE_LIMIT_MAX: '3',
    });
    expect(env.SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(env.MAIL_FROM).toBe('Polymath <no-reply@localhost>');
    expect(env.GOOGLE_ISSUER).toBe('http://127.0.0.1:9999');
    expect(env.AUTH_RATE_LIMIT_MAX).toBe(3);
    expect(enabledSocialProviders(env)).toEqual(['apple']);
  });

  it.each([
    ['SMTP_URL', 'http://mail.example'],
    ['GOOGLE_ISSUER', 'not a url'],
    ['AUTH_RATE_LIMIT_MAX', '0'],
    ['AUTH_RATE_LIMIT_WINDOW_SECONDS', 'soon'],
  ])('rejects %s=%j', (key, value) => {
    expect(() => loadEnv({ [key]: value })).toThrow(EnvError);
  });
});

describe('auth helpers', () => {
  it('picks the mail language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('tr-TR,tr;q=0.9,en;q=0.8')).toBe('tr');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,tr;q=0.7')).toBe('tr');
    expect(localeFromAcceptLanguage('en-US')).toBe('en');
    expect(localeFromAcceptLanguage('de, fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('tr;q=0')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it("maps better-auth's errors to our catalogue", () => {
    expect(mapAuthError(401, 'INVALID_EMAIL_OR_PASSWORD')).toEqual({ code: 'INVALID_CREDENTIAL' });
    expect(mapAuthError(403, 'EMAIL_NOT_VERIFIED')).toEqual({ code: 'EMAIL_NOT_VERIFIED' });
    expect(mapAuthError(422, 'USER_ALREADY_EXISTS')).toEqual({ code: 'EMAIL_ALREADY_IN_USE' });
    expect(mapAuthError(400, 'INVALID_TOKEN')).toEqual({ code: 'INVALID_TOKEN' });
    expect(mapAuthError(429, undefined)).toEqual({ code: 'RATE_LIMITED' });
    expect(mapAuthError(400, 'PASSWORD_TOO_SHORT', 'newPassword')).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'newPassword', message: 'Password must be at least 8 characters long' }],
    });
    expect(mapAuthError(400, 'PASSWORD_TOO_LONG').fields?.[0]?.message).toBe(
      'Password must be at most 20 characters long',
    );
    expect(mapAuthError(400, 'SOMETHING_NEW')).toEqual({ code: 'BAD_REQUEST' });
    expect(mapAuthError(500, undefined)).toEqual({ code: 'UNKNOWN_ERROR' });
    expect(mapAuthError(418, 'SOMETHING_NEW')).toEqual({ code: 'UNKNOWN_ERROR' });
  });

  it('maps redirect errors to our catalogue', () => {
    expect(mapRedirectError('account_not_linked')).toBe('ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL');
    expect(mapRedirectError('account_already_linked_to_different_user')).toBe('CREDENTIAL_USED');
    expect(mapRedirectError('TOKEN_EXPIRED')).toBe('INVALID_TOKEN');
    expect(mapRedirectError('access_denied')).toBe('POPUP_CLOSED_BY_USER');
    expect(mapRedirectError('state_mismatch')).toBe('AUTHENTICATION_FAILED');
  });
});
