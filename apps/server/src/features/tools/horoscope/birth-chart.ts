import {
  type BirthChartFacts,
  type BirthChartHoroscopeInput,
  cityDisplayName,
  HOROSCOPE_VALIDATION_MESSAGES,
  type Locale,
  parseClockTime,
  parseIsoDate,
  signOfLongitude,
} from '@polymath/shared';
import { AppError } from '../../../lib/app-error.ts';
import { findCity } from './cities.ts';
import { houseCusps, houseOf, localSiderealDegrees, obliquity } from './houses.ts';
import { formatUtcOffset, utcOffsetMs, zonedTimeToUtc } from './local-time.ts';
import { bodyPositions, eclipticLongitude, moonPhase, signPoint } from './sky.ts';

/** Without a birth time the planets are placed at local noon: at most half a day off. */
const NOON = { hour: 12, minute: 0 };

/** The shape `lib/validate.ts` gives a schema failure, so the web shows it at the field. */
function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, { fields: [{ path, message }] });
}

/**
 * A natal chart: the planets at the birth instant (local clock time at the birth place turned
 * into UTC with the zone's rules of that date), and, when the time is known, the ascendant,
 * midheaven and Placidus houses (equal houses beyond the polar circles). `locale` is the language
 * the reading is written in (the city's name as it writes it).
 */
export function computeBirthChart(
  input: Pick<BirthChartHoroscopeInput, 'birthDate' | 'birthTime' | 'cityId'>,
  locale: Locale = 'en',
): BirthChartFacts {
  const city = findCity(input.cityId);
  if (!city) throw invalidField('cityId', HOROSCOPE_VALIDATION_MESSAGES.invalidCity);
  const date = parseIsoDate(input.birthDate);
  if (!date) throw invalidField('birthDate', HOROSCOPE_VALIDATION_MESSAGES.invalidBirthDate);
  const clock = input.birthTime === undefined ? undefined : parseClockTime(input.birthTime);
  if (input.birthTime !== undefined && !clock) {
    throw invalidField('birthTime', HOROSCOPE_VALIDATION_MESSAGES.invalidBirthTime);
  }

  const utc = zonedTimeToUtc({ ...date, ...(clock ?? NOON) }, city.timeZone);
  const positions = bodyPositions(utc);

  let angles: Pick<BirthChartFacts, 'ascendant' | 'midheaven' | 'houseSystem' | 'houses'> = {
    ascendant: null,
    midheaven: null,
    houseSystem: null,
    houses: [],
  };
  let houseNumbers: (number | null)[] = positions.map(() => null);
  if (clock) {
    const ramc = localSiderealDegrees(utc, city.longitude);
    const chart = houseCusps(ramc, obliquity(utc), city.latitude);
    angles = {
      ascendant: signPoint(chart.ascendant),
      midheaven: signPoint(chart.midheaven),
      houseSystem: chart.system,
      houses: chart.cusps.map(signPoint),
    };
    houseNumbers = positions.map((p) => houseOf(p.longitude, chart.cusps));
  }

  // The Moon moves ~13° a day: on an unknown time, say whether its sign changed that day.
  let moonSignsThatDay: BirthChartFacts['moonSignsThatDay'] = null;
  if (!clock) {
    const dayStart = zonedTimeToUtc({ ...date, hour: 0, minute: 0 }, city.timeZone);
    const dayEnd = zonedTimeToUtc({ ...date, hour: 23, minute: 59 }, city.timeZone);
    moonSignsThatDay = [
      signOfLongitude(eclipticLongitude('moon', dayStart)).sign,
      signOfLongitude(eclipticLongitude('moon', dayEnd)).sign,
    ];
  }

  return {
    birth: {
      date: input.birthDate,
      time: input.birthTime ?? null,
      cityId: city.id,
      city: city.name,
      localName: cityDisplayName(city, locale),
      countryCode: city.countryCode,
      latitude: city.latitude,
      longitude: city.longitude,
      timeZone: city.timeZone,
      utc: utc.toISOString().replace('.000Z', 'Z'),
      utcOffset: formatUtcOffset(utcOffsetMs(utc, city.timeZone)),
    },
    positions: positions.map((p, i) => ({ ...p, house: houseNumbers[i] ?? null })),
    moon: moonPhase(utc),
    moonSignsThatDay,
    ...angles,
  };
}
