import { z } from 'zod';
import { HOROSCOPE_TYPE_SLUGS } from './horoscope-types.ts';
import { ZODIAC_SIGN_SLUGS } from './zodiac.ts';

/**
 * The computed sky the server hands to the model as a tool result, and the web app shows in its
 * "sky now" panel. Everything here is computed (astronomy-engine), never written by a model.
 * Longitudes are geocentric apparent ecliptic longitudes of date, in degrees [0, 360).
 */
export const SKY_BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'] as const;
export type SkyBody = (typeof SKY_BODIES)[number];

/** The astronomical symbol of each body, as pages and readings print it. */
export const BODY_SYMBOLS: Record<SkyBody, string> = {
  sun: '☉',
  moon: '☽',
  mercury: '☿',
  venus: '♀',
  mars: '♂',
  jupiter: '♃',
  saturn: '♄',
};

export const MOON_PHASE_NAMES = [
  'new-moon',
  'waxing-crescent',
  'first-quarter',
  'waxing-gibbous',
  'full-moon',
  'waning-gibbous',
  'last-quarter',
  'waning-crescent',
] as const;
export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number];

/** The four exact lunar phases (quarters) whose moments are listed inside a period. */
export const LUNAR_QUARTERS = ['new-moon', 'first-quarter', 'full-moon', 'last-quarter'] as const;
export type LunarQuarter = (typeof LUNAR_QUARTERS)[number];

const isoInstant = z.iso.datetime();
const sign = z.enum(ZODIAC_SIGN_SLUGS);

/** A point on the ecliptic: longitude, its sign and the degree within the sign ([0, 30)). */
export const signPointSchema = z.object({
  longitude: z.number().min(0).lt(360),
  sign,
  degree: z.number().min(0).lt(30),
});
export type SignPoint = z.infer<typeof signPointSchema>;

export const bodyPositionSchema = signPointSchema.extend({
  body: z.enum(SKY_BODIES),
  /** Daily motion of the longitude in degrees per day; negative while retrograde. */
  speed: z.number(),
  retrograde: z.boolean(),
});
export type BodyPosition = z.infer<typeof bodyPositionSchema>;

export const moonPhaseSchema = z.object({
  phase: z.enum(MOON_PHASE_NAMES),
  /** Moon's ecliptic longitude minus the Sun's, [0, 360): 0 new, 90 first quarter, 180 full, 270 last quarter. */
  angle: z.number().min(0).lt(360),
  /** Illuminated fraction of the disc, 0 to 1. */
  illumination: z.number().min(0).max(1),
});
export type MoonPhase = z.infer<typeof moonPhaseSchema>;

/** A body entering a sign; `retrograde` when it backs into the previous sign. */
export const ingressSchema = z.object({
  body: z.enum(SKY_BODIES),
  sign,
  at: isoInstant,
  retrograde: z.boolean(),
});
export type Ingress = z.infer<typeof ingressSchema>;

export const lunarPhaseEventSchema = z.object({ phase: z.enum(LUNAR_QUARTERS), at: isoInstant, sign });
export type LunarPhaseEvent = z.infer<typeof lunarPhaseEventSchema>;

export const skyFactsSchema = z.object({
  /** The instant the positions are for. */
  at: isoInstant,
  /** The period the events are searched in, and the zone its local days were taken in. */
  period: z.object({ start: isoInstant, end: isoInstant, timeZone: z.string() }),
  positions: z.array(bodyPositionSchema),
  moon: moonPhaseSchema,
  ingresses: z.array(ingressSchema),
  lunarPhases: z.array(lunarPhaseEventSchema),
});
export type SkyFacts = z.infer<typeof skyFactsSchema>;

export const HOUSE_SYSTEMS = ['placidus', 'equal'] as const;
export type HouseSystem = (typeof HOUSE_SYSTEMS)[number];

export const birthChartFactsSchema = z.object({
  birth: z.object({
    date: z.string(),
    /** Local clock time, or null when unknown (positions are then for local noon). */
    time: z.string().nullable(),
    cityId: z.string(),
    city: z.string(),
    /** The city as the reading's language writes it ("İstanbul" in Turkish). */
    localName: z.string(),
    countryCode: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    timeZone: z.string(),
    /** The birth instant in UTC and the zone's offset then, e.g. "+03:00". */
    utc: isoInstant,
    utcOffset: z.string(),
  }),
  positions: z.array(bodyPositionSchema.extend({ house: z.number().int().min(1).max(12).nullable() })),
  moon: moonPhaseSchema,
  /** Without a birth time: the Moon's sign at the local day's start and end (they differ on a changing day). */
  moonSignsThatDay: z.array(sign).nullable(),
  ascendant: signPointSchema.nullable(),
  midheaven: signPointSchema.nullable(),
  /** Null without a birth time. Placidus, or equal houses where Placidus fails (polar latitudes). */
  houseSystem: z.enum(HOUSE_SYSTEMS).nullable(),
  /** Cusps of houses 1 to 12, empty without a birth time. */
  houses: z.array(signPointSchema),
});
export type BirthChartFacts = z.infer<typeof birthChartFactsSchema>;

export const SIGN_ASPECTS = [
  'same-sign',
  'semi-sextile',
  'sextile',
  'square',
  'trine',
  'quincunx',
  'opposition',
] as const;
export type SignAspect = (typeof SIGN_ASPECTS)[number];

export const compatibilityFactsSchema = z.object({
  /** How many signs apart the two are (0–6) and the aspect that distance makes. */
  distance: z.number().int().min(0).max(6),
  aspect: z.enum(SIGN_ASPECTS),
  /** Same element; complementary (fire–air, earth–water); or contrasting. */
  elements: z.enum(['same', 'complementary', 'contrasting']),
  modalities: z.enum(['same', 'different']),
});
export type CompatibilityFacts = z.infer<typeof compatibilityFactsSchema>;

/** A person's sun sign and the solar house (whole signs counted from it) each body transits. */
export const personFactsSchema = z.object({
  sign,
  birthDate: z.string().nullable(),
  solarHouses: z.record(z.enum(SKY_BODIES), z.number().int().min(1).max(12)),
});
export type PersonFacts = z.infer<typeof personFactsSchema>;

/** The horoscope tool's result: what a reading may rely on. */
export const horoscopeFactsSchema = z.object({
  type: z.enum(HOROSCOPE_TYPE_SLUGS),
  sky: skyFactsSchema,
  person: personFactsSchema.nullable(),
  partner: personFactsSchema.nullable(),
  compatibility: compatibilityFactsSchema.nullable(),
  chart: birthChartFactsSchema.nullable(),
});
export type HoroscopeFacts = z.infer<typeof horoscopeFactsSchema>;
