import { validationKeyOf } from '@polymath/shared';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** Runs a shared schema and returns the first message per field, translated when it is a spec text. */
export function fieldErrors<S extends z.ZodType>(schema: S, values: unknown, t: TFunction): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (errors[field]) continue;
    const key = validationKeyOf(issue.message);
    errors[field] = key ? t(`validation:${key}`) : issue.message;
  }
  return errors;
}
