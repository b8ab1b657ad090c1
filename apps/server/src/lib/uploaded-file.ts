import type { Context } from 'hono';
import { AppError } from './app-error.ts';

/**
 * The one way an upload route reads its file: a multipart/form-data body (415 otherwise) whose
 * `field` holds a file (400 naming the field otherwise) of at most maxBytes (413 with tooLarge).
 * `admit` runs before the body is read (a rate limit), so refused requests cost no parsing.
 */
export async function readUploadedFile(
  c: Context,
  options: { field: string; maxBytes: number; what: string; tooLarge: string; admit?: () => void | Promise<void> },
): Promise<{ bytes: Uint8Array; name: string }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${options.what} as multipart/form-data.`);
  }
  await options.admit?.();
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', 'The multipart body could not be read.');
  }
  const file = form.get(options.field);
  if (!(file instanceof File)) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      fields: [{ path: options.field, message: 'This field is required' }],
    });
  }
  if (file.size > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLarge);
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}
