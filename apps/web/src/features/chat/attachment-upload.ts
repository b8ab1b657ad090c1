import {
  type AttachmentResponse,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  type DocumentItem,
  type ErrorCode,
  isErrorCode,
  PDF_MAX_BYTES,
  PDF_MEDIA_TYPE,
  PDFS_PER_MESSAGE,
} from '@polymath/shared';

export const ATTACHMENT_ACCEPT = CHAT_ATTACHMENT_TYPES.join(',');
export const ATTACHMENT_MAX_MB = Math.floor(CHAT_ATTACHMENT_MAX_BYTES / (1024 * 1024));
export const PDF_ACCEPT = `${PDF_MEDIA_TYPE},.pdf`;
export const PDF_MAX_MB = Math.floor(PDF_MAX_BYTES / (1024 * 1024));

/** Why a file cannot be attached (translated as chat:attach.<problem>). */
export type AttachmentProblem = 'type' | 'tooLarge' | 'tooMany';

/** A PDF by its type, or by its name when the browser gives no type (some drag sources). */
export function isPdfFile(file: { type: string; name: string }): boolean {
  return file.type === PDF_MEDIA_TYPE || (file.type === '' && /\.pdf$/i.test(file.name));
}

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

/** The same for a PDF (translated as documents:attach.<problem>). */
export function checkPdf(file: { size: number }, alreadyAttached: number): AttachmentProblem | null {
  if (alreadyAttached >= PDFS_PER_MESSAGE) return 'tooMany';
  if (file.size > PDF_MAX_BYTES) return 'tooLarge';
  return null;
}

export class AttachmentUploadError extends Error {
  readonly code: ErrorCode | 'ABORTED';
  constructor(code: ErrorCode | 'ABORTED') {
    super(code);
    this.code = code;
  }
}

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

/**
 * POSTs a file as multipart field `file` with upload progress (fetch cannot report it); resolves
 * with the JSON body of a 2xx answer, rejects with the error's code otherwise.
 */
function uploadFile<T>(path: string, file: File, { onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: { code?: unknown } }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body);
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

/** POST /api/chat/attachments: an image; resolves with the part the message then carries. */
export async function uploadAttachment(file: File, options: UploadOptions = {}): Promise<AttachmentResponse> {
  const body = await uploadFile<AttachmentResponse>('/api/chat/attachments', file, options);
  if (!body.url) throw new AttachmentUploadError('INVALID_FILE');
  return { url: body.url, mediaType: body.mediaType, ...(body.filename ? { filename: body.filename } : {}) };
}

/** POST /api/documents: a PDF (Pro); resolves with the document, which a job then reads. */
export function uploadDocument(file: File, options: UploadOptions = {}): Promise<DocumentItem> {
  return uploadFile<DocumentItem>('/api/documents', file, options);
}
