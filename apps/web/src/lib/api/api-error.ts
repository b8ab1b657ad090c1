import { type ErrorCode, errorCodeForStatus, isErrorCode } from '@polymath/shared';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';

/** The error code of a failed API call: the server's `{ error: { code } }`, else a network/unknown code. */
export function apiErrorCode(error: FetchBaseQueryError | SerializedError | undefined | unknown): ErrorCode {
  const e = error as { status?: unknown; data?: { error?: { code?: unknown } } } | undefined;
  const code = e?.data?.error?.code;
  if (isErrorCode(code)) return code;
  if (e?.status === 'FETCH_ERROR' || e?.status === 'TIMEOUT_ERROR') return 'SERVICE_UNAVAILABLE';
  if (typeof e?.status === 'number') return errorCodeForStatus(e.status);
  return 'UNKNOWN_ERROR';
}

/** What to show a person for a failed call, in their language (WRONG_ORIGIN names the app's address). */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  const details = (error as { data?: { error?: { details?: { url?: unknown } } } } | undefined)?.data?.error?.details;
  const url = typeof details?.url === 'string' ? details.url : window.location.origin;
  return t(`errors:${apiErrorCode(error)}`, { url });
}
