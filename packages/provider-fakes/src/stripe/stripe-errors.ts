/**
 * Stripe's error responses: `{ error: { type, code?, param?, message } }` with the status the stripe SDK
 * turns into its error classes (400/404 StripeInvalidRequestError, 401 StripeAuthenticationError,
 * 5xx StripeAPIError, …).
 */

export type StripeErrorBody = {
  error: { type: string; code?: string; param?: string; message: string; doc_url?: string };
};

/** Thrown by the stand-in's handlers; the server answers with its status and body. */
export class StripeFakeHttpError extends Error {
  override name = 'StripeFakeHttpError';
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.error.message);
    this.status = status;
    this.body = body;
  }
}

export function invalidRequest(message: string, param?: string, code?: string, status = 400): StripeFakeHttpError {
  return new StripeFakeHttpError(status, {
    error: {
      type: 'invalid_request_error',
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` } : {}),
      ...(param ? { param } : {}),
      message,
    },
  });
}

/** 404 `resource_missing`, worded like Stripe: "No such subscription: 'sub_123'". */
export function resourceMissing(resource: string, id: string, param = 'id', status = 404): StripeFakeHttpError {
  return invalidRequest(`No such ${resource}: '${id}'`, param, 'resource_missing', status);
}

export function missingParam(param: string): StripeFakeHttpError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function unrecognizedUrl(method: string, path: string): StripeFakeHttpError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    undefined,
    undefined,
    404,
  );
}

export function apiError(status: number, message: string): StripeFakeHttpError {
  return new StripeFakeHttpError(status, { error: { type: 'api_error', message } });
}
