import { signInSchema, signUpSchema } from '@polymath/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../locales/resources.ts';
import { fieldErrors } from './field-errors.ts';

/** A t() that reads the Turkish validation namespace, to prove messages are translated by key. */
const tTr = ((key: string) => {
  const [, k] = key.split(':');
  return (resources.tr.validation as Record<string, string>)[k ?? ''] ?? key;
}) as unknown as TFunction;
const tEn = ((key: string) =>
  (resources.en.validation as Record<string, string>)[key.split(':')[1] ?? ''] ?? key) as unknown as TFunction;

describe('fieldErrors', () => {
  it('gives the spec messages, first one per field', () => {
    expect(fieldErrors(signInSchema, { email: '', password: '' }, tEn)).toEqual({
      email: 'This field is required',
      password: 'Password is required',
    });
    expect(fieldErrors(signInSchema, { email: 'nope', password: '1234567' }, tEn)).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters long',
    });
    expect(fieldErrors(signInSchema, { email: 'a@b.co', password: 'x'.repeat(21) }, tEn)).toEqual({
      password: 'Password must be at most 20 characters long',
    });
    expect(
      fieldErrors(
        signUpSchema,
        { name: 'Ada', email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgX' },
        tEn,
      ),
    ).toEqual({ confirmPassword: 'Passwords must match' });
  });

  it('returns null for valid input', () => {
    expect(fieldErrors(signInSchema, { email: 'ada@example.com', password: 'abcdefgh' }, tEn)).toBeNull();
  });

  it('translates spec messages', () => {
    const errors = fieldErrors(signInSchema, { email: '', password: '' }, tTr);
    expect(errors?.email).toBe(resources.tr.validation.required);
    expect(errors?.email).not.toBe('This field is required');
  });
});
