import { APICallError, NoImageGeneratedError } from 'ai';

/**
 * Why a picture could not be made:
 * - `failed`: the provider answered an error (5xx, 429, a 4xx it gave no better reason for) or
 *   could not be reached; also a photo to edit that is not a picture.
 * - `malformed`: the provider answered, but not with decodable pictures (broken JSON, data that is
 *   not an image, no image at all).
 * - `refused`: the provider refused on content policy.
 * - `timeout`: the caller's signal aborted, or the call outlived the registry's time limit.
 * - `unavailable`: the model cannot do this here: its provider has no key, the key or model was
 *   rejected (401/403/404), or it was asked for an edit or an aspect ratio it does not offer.
 */
export type ImageErrorKind = 'failed' | 'malformed' | 'refused' | 'timeout' | 'unavailable';

const RETRYABLE_BY_DEFAULT: Record<ImageErrorKind, boolean> = {
  failed: true,
  malformed: true,
  refused: false,
  timeout: true,
  unavailable: false,
};

export class ImageGenerationError extends Error {
  override name = 'ImageGenerationError';
  readonly kind: ImageErrorKind;
  /** Whether trying the same request again may work (a job queue's cue to retry). */
  readonly retryable: boolean;
  constructor(kind: ImageErrorKind, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT[kind];
  }
}

/** Error codes and texts the providers use for a content-policy refusal. */
const CONTENT_POLICY =
  /content_policy_violation|moderation_blocked|safety system|content policy|IMAGE_SAFETY|PROHIBITED_CONTENT/i;
/** Gemini finish reasons that mean the picture was withheld. */
const WITHHELD = new Set(['IMAGE_SAFETY', 'SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION']);

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

function withheld(err: NoImageGeneratedError): boolean {
  return (err.calls ?? []).some((call) =>
    Object.values(call.providerMetadata ?? {}).some((meta) => {
      const reason = (meta as { finishReason?: unknown }).finishReason;
      return typeof reason === 'string' && WITHHELD.has(reason);
    }),
  );
}

/** The AI SDK's error (or anything thrown on the way) as an ImageGenerationError of the right kind. */
export function toImageGenerationError(err: unknown, signals: { caller?: AbortSignal; deadline: AbortSignal }) {
  if (err instanceof ImageGenerationError) return err;
  if (signals.caller?.aborted) {
    return new ImageGenerationError('timeout', 'The image request was cancelled.', { cause: err, retryable: false });
  }
  if (signals.deadline.aborted || isAbort(err)) {
    return new ImageGenerationError('timeout', 'The image provider took too long.', { cause: err });
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status !== undefined && status >= 200 && status < 300) {
      return new ImageGenerationError('malformed', 'The image provider sent an answer that cannot be read.', {
        cause: err,
      });
    }
    if (CONTENT_POLICY.test(err.responseBody ?? '') || CONTENT_POLICY.test(err.message)) {
      return new ImageGenerationError('refused', 'The image provider refused the request on content policy.', {
        cause: err,
      });
    }
    if (status === 401 || status === 403 || status === 404) {
      return new ImageGenerationError('unavailable', `The image provider rejected the key or the model (${status}).`, {
        cause: err,
      });
    }
    return new ImageGenerationError('failed', `The image provider failed${status ? ` (${status})` : ''}.`, {
      cause: err,
      retryable: err.isRetryable,
    });
  }
  if (NoImageGeneratedError.isInstance(err)) {
    return withheld(err)
      ? new ImageGenerationError('refused', 'The image provider withheld the picture on content policy.', {
          cause: err,
        })
      : new ImageGenerationError('malformed', 'The image provider answered without a picture.', { cause: err });
  }
  if (err instanceof Error && CONTENT_POLICY.test(err.message)) {
    // xAI's SDK throws a plain Error for images flagged by moderation.
    return new ImageGenerationError('refused', 'The image provider refused the request on content policy.', {
      cause: err,
    });
  }
  if (err instanceof Error && /JSON|validation|Invalid response/i.test(`${err.name} ${err.message}`)) {
    return new ImageGenerationError('malformed', 'The image provider sent an answer that cannot be read.', {
      cause: err,
    });
  }
  return new ImageGenerationError('failed', 'The image provider could not be reached.', { cause: err });
}
