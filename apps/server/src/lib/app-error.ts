import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@polymath/shared';

/** The one error type services throw; mapped to status and `{ error: { code, message } }` in app.ts. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}
