import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { AppError } from './app-error.ts';

/**
 * Validates one part of the request with a shared zod schema and documents it in the OpenAPI
 * document; a failure becomes VALIDATION_FAILED with the field paths and the schema's messages.
 */
export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const fields = (result.error ?? []).map((issue) => ({
        path: (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_FAILED', undefined, { fields });
    }
  });
}
