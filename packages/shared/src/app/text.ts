import { z } from 'zod';

/** What a field with characters no text can hold says (names, titles, messages). */
export const INVALID_CHARACTERS_MESSAGE = 'Invalid characters';

/**
 * A lone surrogate (half of a UTF-16 pair) cannot be encoded as UTF-8, and PostgreSQL refuses NUL
 * in text: either makes a write fail. With the `u` flag only unpaired halves match.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;
/** Control characters (C0 and DEL) and lone surrogates: none belongs in a one-line name or title. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NOT_ONE_LINE = /[\u0000-\u001f\u007f\uD800-\uDFFF]/u;

/** Every character `storableText` refuses, for replacing rather than refusing. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE_ALL = /[\u0000\uD800-\uDFFF]/gu;

/**
 * Text we must keep rather than refuse (what arrives by webhook: refusing it would only bring it
 * back again), with each character no database can hold replaced by U+FFFD.
 */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE_ALL, '\uFFFD');
}

/** Free text (a chat message): anything PostgreSQL and UTF-8 can hold, line breaks and tabs included. */
export function storableText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !UNSTORABLE.test(v), INVALID_CHARACTERS_MESSAGE);
}

/** A one-line name or title: no control characters, no lone surrogates. */
export function oneLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !NOT_ONE_LINE.test(v), INVALID_CHARACTERS_MESSAGE);
}

/** Ids the server or a provider made (checkout sessions, tokens): letters, digits, `_` and `-`. */
export function opaqueIdSchema(max = 255) {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
}
