import { z } from 'zod';
import { LOCALES, THEMES } from '../app/constants.ts';

/**
 * Browsers serialize location.pathname and document.referrer as percent-encoded ASCII, so only
 * visible ASCII is accepted: a NUL would make PostgreSQL fail the insert (a 500), and control
 * characters, lone surrogates or bidi overrides have no business in the table.
 */
const VISIBLE_ASCII_PATH = /^\/[\x21-\x7e]*$/;
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/** A page view the web app reports on every path change (spec §2). */
export const pageViewSchema = z.strictObject({
  path: z.string().min(1).max(2048).regex(VISIBLE_ASCII_PATH, 'Must be an absolute path'),
  referrer: z.string().max(2048).regex(VISIBLE_ASCII, 'Must be a URL').optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEMES).optional(),
});
export type PageView = z.infer<typeof pageViewSchema>;

/**
 * The path analytics may see (our page views and the tag manager's page_path): a shared chat's id is
 * its link's only secret (decision 032), so `/share/<id>` is recorded as `/share/*`.
 */
export const analyticsPath = (path: string): string => (path.startsWith('/share/') ? '/share/*' : path);
