import { z } from 'zod';
import { LOCALES, THEMES } from '../app/constants.ts';

/** A page view the web app reports on every path change (spec §2). */
export const pageViewSchema = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^\/[^\s]*$/, 'Must be an absolute path'),
  referrer: z.string().max(2048).optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEMES).optional(),
});
export type PageView = z.infer<typeof pageViewSchema>;
