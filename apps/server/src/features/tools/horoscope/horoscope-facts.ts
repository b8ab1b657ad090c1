import {
  type HoroscopeFacts,
  type HoroscopeInput,
  horoscopeTypeInfo,
  type Locale,
  type PersonFacts,
  type PersonInput,
  resolvePersonSign,
  SKY_BODIES,
  type SkyBody,
  type SkyFacts,
  signIndex,
  type ZodiacSign,
} from '@polymath/shared';
import { computeBirthChart } from './birth-chart.ts';
import { compatibilityOf } from './compatibility.ts';
import { periodFor } from './horoscope-period.ts';
import { canonicalTimeZone } from './local-time.ts';
import { computeSky } from './sky.ts';

/**
 * The solar house (1–12) each body transits for a sun sign: whole signs counted from the sign
 * itself, the classical basis of sun-sign columns ("Mars moves through your 7th house").
 */
export function solarHouses(sign: ZodiacSign, sky: SkyFacts): Record<SkyBody, number> {
  const first = signIndex(sign);
  const houses = {} as Record<SkyBody, number>;
  for (const body of SKY_BODIES) {
    const position = sky.positions.find((p) => p.body === body);
    if (position) houses[body] = ((signIndex(position.sign) - first + 12) % 12) + 1;
  }
  return houses;
}

function personFacts(person: PersonInput, sky: SkyFacts): PersonFacts {
  const sign = resolvePersonSign(person);
  return { sign, birthDate: person.birthDate ?? null, solarHouses: solarHouses(sign, sky) };
}

export type HoroscopeFactsOptions = {
  /** The moment of the request. */
  now: Date;
  /** The person's IANA zone, for where their day starts; UTC when unknown or invalid. */
  timeZone?: string;
  /** The language of the reading (names in the facts, such as the birth city, as it writes them). */
  locale?: Locale;
};

/**
 * Everything a reading may rely on, computed from a validated input: the sky of the type's
 * period and, by type, the person's sun sign and solar houses, the pair's relation, or the chart.
 * This is the tool result the model receives and the demo reading is written from.
 */
export function computeHoroscopeFacts(input: HoroscopeInput, options: HoroscopeFactsOptions): HoroscopeFacts {
  const timeZone = (options.timeZone && canonicalTimeZone(options.timeZone)) || 'UTC';
  const sky = computeSky(options.now, periodFor(horoscopeTypeInfo(input.type).period, options.now, timeZone), timeZone);
  const facts: HoroscopeFacts = {
    type: input.type,
    sky,
    person: null,
    partner: null,
    compatibility: null,
    chart: null,
  };
  if (input.type === 'birth-chart') return { ...facts, chart: computeBirthChart(input, options.locale) };
  const person = personFacts(input.person, sky);
  if (input.type === 'compatibility') {
    const partner = personFacts(input.partner, sky);
    return { ...facts, person, partner, compatibility: compatibilityOf(person.sign, partner.sign) };
  }
  return { ...facts, person };
}
