import { z } from 'zod';
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
