import { z } from 'zod';
import type { Locale } from '../app/constants.ts';
import { timeZoneSchema } from './horoscope-input.schema.ts';
import { skyFactsSchema } from './sky-facts.schema.ts';

/** GET /api/horoscope/sky: the sky now, for the person's zone (their today; UTC without it). */
export const skyQuerySchema = z.object({ timeZone: timeZoneSchema.optional() }).strict();
export type SkyQuery = z.infer<typeof skyQuerySchema>;

export const skyResponseSchema = z.object({ sky: skyFactsSchema });
export type SkyResponse = z.infer<typeof skyResponseSchema>;

/** A birth place of the server's bundled list. */
export const citySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The local spelling where it differs from the English name ("İzmir", "München"). */
  nativeName: z.string().nullable(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
});
export type CityItem = z.infer<typeof citySchema>;

export const CITY_SEARCH_LIMIT = 10;
export const CITY_QUERY_MAX_LENGTH = 80;

/** GET /api/horoscope/cities?q=…: cities whose names match, best first. */
export const citySearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(CITY_QUERY_MAX_LENGTH),
    limit: z.coerce.number().int().min(1).max(20).default(CITY_SEARCH_LIMIT),
  })
  .strict();
export type CitySearchQuery = z.infer<typeof citySearchQuerySchema>;

export const citySearchResponseSchema = z.object({ cities: z.array(citySchema) });
export type CitySearchResponse = z.infer<typeof citySearchResponseSchema>;

/** Latin letters (with their accents), spaces and the punctuation of place names. */
const LATIN_NAME = /^[\p{Script=Latin}\s'’.-]+$/u;

/**
 * A city as a reading or page in `locale` writes it: English names in English; in Turkish the
 * local spelling ("İstanbul", "Muğla", "München") when it is written in Latin letters, the English
 * name otherwise ("Moscow" rather than "Москва").
 */
export function cityDisplayName(
  city: { name: string; nativeName?: string | null | undefined },
  locale: Locale,
): string {
  if (locale === 'tr' && city.nativeName && LATIN_NAME.test(city.nativeName)) return city.nativeName;
  return city.name;
}
