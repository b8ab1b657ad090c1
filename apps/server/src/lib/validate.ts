import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { AppError } from './app-error.ts';

/** application/json, or a JSON-based type such as application/merge-patch+json. */
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * Validates one part of the request with a shared zod schema and documents it in the OpenAPI
 * document; a failure becomes VALIDATION_FAILED with the field paths and the schema's messages.
 * A JSON body must say so: a body of any other content type (text/plain, a form, none) is 415,
 * where the validator alone would see an empty object and let a route answer 200 having changed
 * nothing. No body at all is validated as `{}` (a DELETE without one gets VALIDATION_FAILED).
 */
export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) {
  return validator(target, schema, (result, c) => {
    const type = c.req.header('content-type');
    if (target === 'json' && (type !== undefined || c.req.raw.body !== null) && !JSON_TYPE.test(type ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    }
    if (!result.success) {
      const fields = (result.error ?? []).map((issue) => ({
        path: (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_FAILED', undefined, { fields });
    }
  });
}
