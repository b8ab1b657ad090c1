import type { CityItem } from '@polymath/shared';
import { CITY_DATA } from './city-data.ts';

/** A birth place of the bundled list. `id` is stable (it is stored in readings' inputs). */
export type City = {
  id: string;
  name: string;
  /** The local spelling where it differs from the English name. */
  nativeName?: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
};

/**
 * Folds text for matching: Turkish dotted/dotless i to i, accents and other marks removed,
 * a few letters that are not decomposable mapped by hand, lower case. "İzmir", "IZMIR" and
 * "izmir" fold alike; so do "MÜNCHEN" and "munchen", "Łódź" and "lodz".
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/þ/g, 'th')
    .replace(/[’'`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const slug = (text: string) => foldForSearch(text).replace(/ /g, '-');

type Indexed = { city: City; keys: string[]; order: number };

function buildCities(): Indexed[] {
  const indexed: Indexed[] = [];
  for (const [countryCode, countryZone, rows] of CITY_DATA) {
    for (const [name, latitude, longitude, extras = {}] of rows) {
      const city: City = {
        id: `${slug(name)}-${countryCode.toLowerCase()}`,
        name,
        ...(extras.native ? { nativeName: extras.native } : {}),
        countryCode,
        latitude,
        longitude,
        timeZone: extras.zone ?? countryZone,
      };
      const keys = [name, extras.native, ...(extras.alt ?? [])].filter((k): k is string => !!k).map(foldForSearch);
      indexed.push({ city, keys: [...new Set(keys)], order: indexed.length });
    }
  }
  return indexed;
}

const INDEX = buildCities();
const BY_ID = new Map(INDEX.map((entry) => [entry.city.id, entry.city]));

export const CITIES: readonly City[] = INDEX.map((entry) => entry.city);

export function findCity(id: string): City | undefined {
  return BY_ID.get(id);
}

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; undefined for no match. */
function matchRank(key: string, query: string): number | undefined {
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  if (key.split(' ').some((word) => word.startsWith(query))) return 2;
  if (key.includes(query)) return 3;
  return undefined;
}

export const CITY_SEARCH_MAX = 50;

/**
 * Cities whose English, native or other names match the query (folded), best first: exact
 * names, then names starting with the query, then names with a word starting with it, then
 * names containing it; ties keep the list's order. An empty query finds nothing.
 */
export function searchCities(query: string, limit = 10): City[] {
  const q = foldForSearch(query);
  if (!q) return [];
  const max = Math.max(0, Math.min(CITY_SEARCH_MAX, Math.floor(limit)));
  const hits: { city: City; rank: number; order: number }[] = [];
  for (const entry of INDEX) {
    let best: number | undefined;
    for (const key of entry.keys) {
      const rank = matchRank(key, q);
      if (rank !== undefined && (best === undefined || rank < best)) best = rank;
    }
    if (best !== undefined) hits.push({ city: entry.city, rank: best, order: entry.order });
  }
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return hits.slice(0, max).map((h) => h.city);
}

/** The wire shape of a city (GET /api/horoscope/cities). */
export function toCityItem(city: City): CityItem {
  return {
    id: city.id,
    name: city.name,
    nativeName: city.nativeName ?? null,
    countryCode: city.countryCode,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
  };
}
