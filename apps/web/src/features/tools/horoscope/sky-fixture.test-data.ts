import type { HoroscopeFacts, SkyFacts } from '@polymath/shared';

/**
 * The sky of 10 April 2024, 09:00 UTC (Istanbul's noon), as the server computes it: Sun in Aries,
 * Moon in Taurus (waxing crescent), Mercury retrograde in Aries. Trimmed to what the views read.
 */
export const SKY: SkyFacts = {
  at: '2024-04-10T09:00:00Z',
  period: { start: '2024-04-09T21:00:00Z', end: '2024-04-16T21:00:00Z', timeZone: 'Europe/Istanbul' },
  positions: [
    { body: 'sun', longitude: 20.6, sign: 'aries', degree: 20.6, speed: 0.98, retrograde: false },
    { body: 'moon', longitude: 43.2, sign: 'taurus', degree: 13.2, speed: 12.1, retrograde: false },
    { body: 'mercury', longitude: 23.9, sign: 'aries', degree: 23.9, speed: -0.7, retrograde: true },
    { body: 'venus', longitude: 9.6, sign: 'aries', degree: 9.6, speed: 1.23, retrograde: false },
    { body: 'mars', longitude: 353.2, sign: 'pisces', degree: 23.2, speed: 0.77, retrograde: false },
    { body: 'jupiter', longitude: 49.5, sign: 'taurus', degree: 19.5, speed: 0.23, retrograde: false },
    { body: 'saturn', longitude: 344.1, sign: 'pisces', degree: 14.1, speed: 0.11, retrograde: false },
  ],
  moon: { phase: 'waxing-crescent', angle: 22.6, illumination: 0.04 },
  ingresses: [{ body: 'moon', sign: 'gemini', at: '2024-04-11T03:33:00Z', retrograde: false }],
  lunarPhases: [{ phase: 'first-quarter', at: '2024-04-15T19:13:00Z', sign: 'cancer' }],
};

export const DAILY_FACTS: HoroscopeFacts = {
  type: 'weekly',
  sky: SKY,
  person: {
    sign: 'leo',
    birthDate: null,
    solarHouses: { sun: 9, moon: 10, mercury: 9, venus: 9, mars: 8, jupiter: 10, saturn: 8 },
  },
  partner: null,
  compatibility: null,
  chart: null,
};
