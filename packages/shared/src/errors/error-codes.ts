/**
 * The closed set of error codes the API answers with, as `{ error: { code, message } }`.
 * The web app translates `errors:<code>`; `message` is the English fallback.
 * Auth messages are the spec's catalogue (§8), word for word.
 */
/** The one message a page can show when it cannot load any text: its own constant, so the web app's
 * first screen carries this line and not the whole catalogue (B7). */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong.';

export const ERROR_MESSAGES = {
  // General
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHORIZED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  WRONG_ORIGIN: 'Changes must come from the app itself. Open Polymath at its own address and try again.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL_ERROR: INTERNAL_ERROR_MESSAGE,
  // Authentication (spec §8)
  EMAIL_ALREADY_IN_USE: 'Email already in use',
  INVALID_EMAIL: 'Invalid email address',
  OPERATION_NOT_ALLOWED: 'Operation not allowed',
  WEAK_PASSWORD: 'Weak password',
  EMAIL_NOT_FOUND: 'Email not found',
  UNKNOWN_ERROR: 'Unknown error',
  WRONG_PASSWORD: 'Wrong password',
  USER_NOT_FOUND: 'User not found',
  POPUP_CLOSED_BY_USER: 'Popup closed by user',
  ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL: 'Account exists with different credential',
  AUTH_DOMAIN_CONFIG_REQUIRED: 'Auth domain config required',
  INVALID_CREDENTIAL: 'Invalid credential',
  PROVIDER_ALREADY_LINKED: 'Provider already linked',
  CREDENTIAL_USED: 'Already used',
  EMAIL_NOT_VERIFIED: 'Verify your email address through your email',
  // Accounts (spec §8 "other messages", word for word where the spec gives them)
  VERIFIED_CONNECTION_REQUIRED: 'At least one verified connection required.',
  CHANGE_PASSWORD_EMAIL_FAILED: 'Failed to send change password email.',
  ACTIVATION_EMAIL_FAILED: 'Failed to send activation email.',
  AUTHENTICATION_FAILED: 'Authentication failed',
  SUBSCRIPTION_ACTIVE: 'Cancel your Pro subscription before deleting your account.',
  INVALID_TOKEN: 'This link is invalid or has expired. Request a new one.',
  INVALID_FILE: 'This file is not a supported image.',
  // Chat, models and credits
  OUT_OF_CREDITS: "You have used today's free messages. Upgrade to Pro for unlimited messages.",
  MODEL_REQUIRES_PRO: 'This model is available on Pro. Upgrade to use it.',
  MODEL_UNAVAILABLE: 'This model is not available right now. Choose another model.',
  MODEL_NO_VISION: 'This model cannot read images. Choose a model with vision or remove the images.',
  MODEL_FAILED: 'The model could not answer. Please try again.',
  CREDITS_UNAVAILABLE: 'Could not fetch credits.',
  GENERATION_IN_PROGRESS: 'An answer is still being written in this chat. Wait for it or stop it first.',
  TOOL_REQUIRES_PRO: 'This tool is part of Pro. Upgrade to use it.',
  CONTEXT_TOO_LONG:
    'This chat has grown too long for the model to read. Continue in a new chat that starts with a summary of this one.',
  // Images
  IMAGE_LIMIT_REACHED: "You have reached today's image limit. New images can be made after the daily reset.",
  IMAGE_FAILED: 'The image could not be made. Try again in a moment: nothing was charged.',
  IMAGE_REFUSED: 'The image model refused this request. Try describing it differently.',
  // Documents (ask PDF)
  PDF_REQUIRES_PRO: 'Asking about PDF documents is part of Pro. Upgrade to use it.',
  PDF_INVALID: 'This file is not a PDF that can be read. It may be damaged or incomplete.',
  PDF_ENCRYPTED: 'This PDF is protected with a password. Remove the password and attach it again.',
  PDF_TOO_MANY_PAGES: 'This PDF has more than 500 pages. Attach a shorter document.',
  PDF_NO_TEXT: 'This PDF has no text layer (it looks scanned). Scanned documents are not supported yet.',
  PDF_NOT_READY: 'A document is still being read. Send your question once it is ready.',
  PDF_FAILED: 'The document could not be read. Try attaching it again.',
  // Web search
  WEB_SEARCH_NOT_CONFIGURED:
    'Web search is not set up on this server. Set TAVILY_API_KEY, BRAVE_SEARCH_API_KEY or SEARXNG_URL to turn it on.',
  // Plans and payments
  ALREADY_SUBSCRIBED: 'You already have Pro. Manage your subscription from My Plan.',
  NO_SUBSCRIPTION: 'You have no subscription to manage.',
  CHECKOUT_NOT_FOUND: 'This checkout could not be found. Choose a plan again.',
  PAYMENTS_UNAVAILABLE: 'Payments are temporarily unavailable. Please try again in a few minutes.',
  ALREADY_REFUNDED: 'This payment has been refunded already.',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature could not be verified.',
  // WhatsApp
  WHATSAPP_REQUIRES_PRO: 'Chat inside WhatsApp is part of Pro. Upgrade to link your number.',
  WHATSAPP_NUMBER_INVALID: 'Enter a valid mobile number for the chosen country.',
  WHATSAPP_CODE_INVALID: 'This code is not right. Check the code WhatsApp sent you and try again.',
  WHATSAPP_CODE_EXPIRED: 'This code has expired or was tried too many times. Send a new code.',
  WHATSAPP_NOT_LINKED: 'No WhatsApp number is linked to your account.',
  WHATSAPP_UNAVAILABLE: 'WhatsApp could not be reached. Please try again in a few minutes.',
  // Your data and shared chats
  EXPORT_IN_PROGRESS: 'A copy of your data is already being prepared. Wait for it to finish.',
  SHARE_REVOKED: 'This link was turned off by the person who shared the chat.',
  // Operators (decision 037)
  ACCOUNT_BANNED: 'This account has been suspended. Contact support if you think this is a mistake.',
  LAST_OPERATOR: 'You are the last operator: another operator must exist before you can do this to your own account.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_MESSAGES) as ErrorCode[];

/** HTTP status for each code; the server maps errors in one place with this. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  WRONG_ORIGIN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  EMAIL_ALREADY_IN_USE: 409,
  INVALID_EMAIL: 400,
  OPERATION_NOT_ALLOWED: 403,
  WEAK_PASSWORD: 400,
  EMAIL_NOT_FOUND: 404,
  UNKNOWN_ERROR: 500,
  WRONG_PASSWORD: 401,
  USER_NOT_FOUND: 404,
  POPUP_CLOSED_BY_USER: 400,
  ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL: 409,
  AUTH_DOMAIN_CONFIG_REQUIRED: 500,
  INVALID_CREDENTIAL: 401,
  PROVIDER_ALREADY_LINKED: 409,
  CREDENTIAL_USED: 409,
  EMAIL_NOT_VERIFIED: 403,
  VERIFIED_CONNECTION_REQUIRED: 409,
  CHANGE_PASSWORD_EMAIL_FAILED: 502,
  ACTIVATION_EMAIL_FAILED: 502,
  AUTHENTICATION_FAILED: 401,
  SUBSCRIPTION_ACTIVE: 409,
  INVALID_TOKEN: 400,
  INVALID_FILE: 400,
  OUT_OF_CREDITS: 402,
  MODEL_REQUIRES_PRO: 403,
  MODEL_UNAVAILABLE: 400,
  MODEL_NO_VISION: 400,
  MODEL_FAILED: 502,
  CREDITS_UNAVAILABLE: 503,
  GENERATION_IN_PROGRESS: 409,
  TOOL_REQUIRES_PRO: 403,
  CONTEXT_TOO_LONG: 422,
  IMAGE_LIMIT_REACHED: 429,
  IMAGE_FAILED: 502,
  IMAGE_REFUSED: 422,
  PDF_REQUIRES_PRO: 403,
  PDF_INVALID: 400,
  PDF_ENCRYPTED: 400,
  PDF_TOO_MANY_PAGES: 400,
  PDF_NO_TEXT: 400,
  PDF_NOT_READY: 409,
  PDF_FAILED: 400,
  WEB_SEARCH_NOT_CONFIGURED: 503,
  ALREADY_SUBSCRIBED: 409,
  NO_SUBSCRIPTION: 404,
  CHECKOUT_NOT_FOUND: 404,
  PAYMENTS_UNAVAILABLE: 503,
  ALREADY_REFUNDED: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  WHATSAPP_REQUIRES_PRO: 403,
  WHATSAPP_NUMBER_INVALID: 400,
  WHATSAPP_CODE_INVALID: 400,
  WHATSAPP_CODE_EXPIRED: 400,
  WHATSAPP_NOT_LINKED: 404,
  WHATSAPP_UNAVAILABLE: 503,
  EXPORT_IN_PROGRESS: 409,
  SHARE_REVOKED: 410,
  ACCOUNT_BANNED: 403,
  LAST_OPERATOR: 409,
};

export type ErrorBody = { error: { code: ErrorCode; message: string; requestId?: string } };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * The code for an error answer that carries none of its own (a proxy's page, a body that did not
 * arrive): what its HTTP status means. The one table of it, for the server and the browser.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'OUT_OF_CREDITS';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'GENERATION_IN_PROGRESS';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR';
  }
}
