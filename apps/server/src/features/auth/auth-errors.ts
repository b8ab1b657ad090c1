import { type ErrorCode, VALIDATION_MESSAGES } from '@polymath/shared';

/** Our answer for one better-auth error: a catalogue code, and field messages for validation. */
export type MappedAuthError = {
  code: ErrorCode;
  fields?: { path: string; message: string }[];
};

/** better-auth's error codes (its BASE_ERROR_CODES and plugin codes) → our catalogue. */
const BY_CODE: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIAL',
  INVALID_PASSWORD: 'INVALID_CREDENTIAL',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIAL',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  // Sign-up never answers these (no enumeration); other paths might.
  USER_ALREADY_EXISTS: 'EMAIL_ALREADY_IN_USE',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_ALREADY_IN_USE',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  USER_EMAIL_NOT_FOUND: 'EMAIL_NOT_FOUND',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'PROVIDER_ALREADY_LINKED',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'PROVIDER_ALREADY_LINKED',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'VERIFIED_CONNECTION_REQUIRED',
  PROVIDER_NOT_FOUND: 'OPERATION_NOT_ALLOWED',
  EMAIL_PASSWORD_DISABLED: 'OPERATION_NOT_ALLOWED',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'OPERATION_NOT_ALLOWED',
  EMAIL_ALREADY_VERIFIED: 'OPERATION_NOT_ALLOWED',
  EMAIL_MISMATCH: 'OPERATION_NOT_ALLOWED',
  VERIFICATION_EMAIL_NOT_ENABLED: 'OPERATION_NOT_ALLOWED',
  RESET_PASSWORD_DISABLED: 'OPERATION_NOT_ALLOWED',
  FIELD_NOT_ALLOWED: 'VALIDATION_FAILED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  MISSING_FIELD: 'VALIDATION_FAILED',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION_FAILED',
  INVALID_ORIGIN: 'FORBIDDEN',
  MISSING_OR_NULL_ORIGIN: 'FORBIDDEN',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'FORBIDDEN',
  INVALID_CALLBACK_URL: 'FORBIDDEN',
  INVALID_REDIRECT_URL: 'FORBIDDEN',
  INVALID_ERROR_CALLBACK_URL: 'FORBIDDEN',
  INVALID_NEW_USER_CALLBACK_URL: 'FORBIDDEN',
  SESSION_EXPIRED: 'UNAUTHORIZED',
  SESSION_NOT_FRESH: 'UNAUTHORIZED',
  FAILED_TO_GET_SESSION: 'UNAUTHORIZED',
  // The admin plugin refuses a banned person's new session (sign-in, OAuth, verification).
  BANNED_USER: 'ACCOUNT_BANNED',
};

/** When better-auth gives no code we know, the HTTP status decides. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Maps one error answer of better-auth (status and its `{ code, message }` body) to our catalogue.
 * `passwordField` names the password field of the request (`password`, or `newPassword` on reset)
 * so a length error points at it with the spec's message.
 */
export function mapAuthError(status: number, code: string | undefined, passwordField = 'password'): MappedAuthError {
  if (status === 429) return { code: 'RATE_LIMITED' };
  if (code === 'PASSWORD_TOO_SHORT') {
    return { code: 'VALIDATION_FAILED', fields: [{ path: passwordField, message: VALIDATION_MESSAGES.passwordMin }] };
  }
  if (code === 'PASSWORD_TOO_LONG') {
    return { code: 'VALIDATION_FAILED', fields: [{ path: passwordField, message: VALIDATION_MESSAGES.passwordMax }] };
  }
  const known = code ? BY_CODE[code] : undefined;
  if (known) return { code: known };
  return { code: BY_STATUS[status] ?? 'UNKNOWN_ERROR' };
}

/**
 * OAuth callback and email-verification failures are redirects to the web app with `?error=<code>`;
 * the code becomes one of ours so the web app can show `errors:<code>`.
 */
export function mapRedirectError(error: string): ErrorCode {
  switch (error.toLowerCase()) {
    case 'account_not_linked':
      return 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL';
    case 'account_already_linked_to_different_user':
    case 'account_ownership_conflict':
      return 'CREDENTIAL_USED';
    case 'invalid_token':
    case 'token_expired':
    case 'user_not_found':
      return 'INVALID_TOKEN';
    case 'access_denied':
      return 'POPUP_CLOSED_BY_USER';
    // The admin plugin refuses a banned person's session in the OAuth callback too: the same words as
    // a banned email sign-in, not a generic failure.
    case 'banned_user':
      return 'ACCOUNT_BANNED';
    default:
      return 'AUTHENTICATION_FAILED';
  }
}
