import {
  type AttachmentResponse,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  type ErrorCode,
  isErrorCode,
} from '@polymath/shared';

export const ATTACHMENT_ACCEPT = CHAT_ATTACHMENT_TYPES.join(',');
export const ATTACHMENT_MAX_MB = Math.floor(CHAT_ATTACHMENT_MAX_BYTES / (1024 * 1024));

/** Why a file cannot be attached (translated as chat:attach.<problem>). */
export type AttachmentProblem = 'type' | 'tooLarge' | 'tooMany';

/** The client-side check before upload; the server checks the content again. */
export function checkAttachment(
  file: { type: string; size: number },
  alreadyAttached: number,
): AttachmentProblem | null {
  if (alreadyAttached >= CHAT_ATTACHMENTS_PER_MESSAGE) return 'tooMany';
  if (!(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return 'tooLarge';
  return null;
}

export class AttachmentUploadError extends Error {
  readonly code: ErrorCode | 'ABORTED';
  constructor(code: ErrorCode | 'ABORTED') {
    super(code);
    this.code = code;
  }
}

/**
 * POST /api/chat/attachments (multipart field `file`) with upload progress (fetch cannot report it).
 * Resolves with the part the message then carries.
 */
export function uploadAttachment(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<AttachmentResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/chat/attachments');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (AttachmentResponse & { error?: { code?: unknown } }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) {
        resolve({ url: body.url, mediaType: body.mediaType, ...(body.filename ? { filename: body.filename } : {}) });
        return;
      }
      const code = body?.error?.code;
      reject(
        new AttachmentUploadError(
          isErrorCode(code)
            ? code
            : xhr.status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : xhr.status === 401
                ? 'UNAUTHORIZED'
                : 'INVALID_FILE',
        ),
      );
    };
    xhr.onerror = () => reject(new AttachmentUploadError('SERVICE_UNAVAILABLE'));
    xhr.onabort = () => reject(new AttachmentUploadError('ABORTED'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
