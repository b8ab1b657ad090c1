import type {
  HoroscopeType,
  Locale,
  MoonPhaseName,
  SignAspect,
  SkyBody,
  ZodiacElement,
  ZodiacModality,
  ZodiacSign,
} from '@polymath/shared';
import { BODY_SYMBOLS, zodiacSign } from '@polymath/shared';

/** Names and short themes in English and Turkish for the sky description, prompts and demo. */
type Texts<K extends string> = Record<Locale, Record<K, string>>;

export const BODY_NAMES: Texts<SkyBody> = {
  en: {
    sun: 'Sun',
    moon: 'Moon',
    mercury: 'Mercury',
    venus: 'Venus',
    mars: 'Mars',
    jupiter: 'Jupiter',
    saturn: 'Saturn',
  },
  tr: {
    sun: 'Güneş',
    moon: 'Ay',
    mercury: 'Merkür',
    venus: 'Venüs',
    mars: 'Mars',
    jupiter: 'Jüpiter',
    saturn: 'Satürn',
  },
};

export { BODY_SYMBOLS };

export const PHASE_NAMES: Texts<MoonPhaseName> = {
  en: {
    'new-moon': 'new moon',
    'waxing-crescent': 'waxing crescent',
    'first-quarter': 'first quarter',
    'waxing-gibbous': 'waxing gibbous',
    'full-moon': 'full moon',
    'waning-gibbous': 'waning gibbous',
    'last-quarter': 'last quarter',
    'waning-crescent': 'waning crescent',
  },
  tr: {
    'new-moon': 'yeni ay',
    'waxing-crescent': 'büyüyen hilal',
    'first-quarter': 'ilk dördün',
    'waxing-gibbous': 'büyüyen şişkin ay',
    'full-moon': 'dolunay',
    'waning-gibbous': 'küçülen şişkin ay',
    'last-quarter': 'son dördün',
    'waning-crescent': 'küçülen hilal',
  },
};

export const ELEMENT_NAMES: Texts<ZodiacElement> = {
  en: { fire: 'fire', earth: 'earth', air: 'air', water: 'water' },
  tr: { fire: 'ateş', earth: 'toprak', air: 'hava', water: 'su' },
};

export const MODALITY_NAMES: Texts<ZodiacModality> = {
  en: { cardinal: 'cardinal', fixed: 'fixed', mutable: 'mutable' },
  tr: { cardinal: 'öncü', fixed: 'sabit', mutable: 'değişken' },
};

export const ASPECT_NAMES: Texts<SignAspect> = {
  en: {
    'same-sign': 'the same sign',
    'semi-sextile': 'neighbouring signs (semi-sextile)',
    sextile: 'a sextile (two signs apart)',
    square: 'a square (three signs apart)',
    trine: 'a trine (four signs apart)',
    quincunx: 'a quincunx (five signs apart)',
    opposition: 'an opposition (opposite signs)',
  },
  tr: {
    'same-sign': 'aynı burç',
    'semi-sextile': 'komşu burçlar (yarım altmışlık)',
    sextile: 'altmışlık (iki burç ara)',
    square: 'kare (üç burç ara)',
    trine: 'üçgen (dört burç ara)',
    quincunx: 'yüz elli derece (beş burç ara)',
    opposition: 'karşıt (karşı burçlar)',
  },
};

export const TYPE_NAMES: Texts<HoroscopeType> = {
  en: {
    daily: 'Daily horoscope',
    weekly: 'Weekly horoscope',
    monthly: 'Monthly horoscope',
    love: 'Love horoscope',
    career: 'Career horoscope',
    compatibility: 'Compatibility',
    'birth-chart': 'Birth chart',
  },
  tr: {
    daily: 'Günlük burç yorumu',
    weekly: 'Haftalık burç yorumu',
    monthly: 'Aylık burç yorumu',
    love: 'Aşk burç yorumu',
    career: 'Kariyer burç yorumu',
    compatibility: 'Burç uyumu',
    'birth-chart': 'Doğum haritası',
  },
};

/** What each house (natal or solar) is about, index 0 = the 1st house. */
export const HOUSE_THEMES: Record<Locale, string[]> = {
  en: [
    'self, body and first impressions',
    'money, possessions and what you value',
    'conversations, siblings and short trips',
    'home, family and roots',
    'romance, creativity and play',
    'daily work, routines and health',
    'partnerships and close relationships',
    'shared resources, intimacy and change',
    'travel, study and beliefs',
    'career, reputation and direction',
    'friends, groups and hopes',
    'rest, solitude and what is hidden',
  ],
  tr: [
    'benlik, beden ve ilk izlenimler',
    'para, sahip olunanlar ve değerler',
    'iletişim, kardeşler ve kısa yolculuklar',
    'ev, aile ve kökler',
    'aşk, yaratıcılık ve eğlence',
    'günlük iş, rutinler ve sağlık',
    'ortaklıklar ve yakın ilişkiler',
    'ortak kaynaklar, yakınlık ve dönüşüm',
    'seyahat, eğitim ve inançlar',
    'kariyer, itibar ve yön',
    'arkadaşlar, topluluklar ve umutlar',
    'dinlenme, yalnızlık ve gizli kalanlar',
  ],
};

export const ENTERTAINMENT_NOTE: Record<Locale, string> = {
  en: 'Horoscopes are for entertainment, not advice.',
  tr: 'Burç yorumları eğlence amaçlıdır, tavsiye değildir.',
};

export function signName(sign: ZodiacSign, locale: Locale): string {
  return zodiacSign(sign).name[locale];
}

/** "Leo ♌" */
export function signLabel(sign: ZodiacSign, locale: Locale): string {
  const info = zodiacSign(sign);
  return `${info.name[locale]} ${info.symbol}`;
}

/** 29.99 → "29°59′" (truncated, as ephemerides print degrees and minutes). */
export function formatDegree(degree: number): string {
  const whole = Math.floor(degree);
  const minutes = Math.min(59, Math.floor((degree - whole) * 60 + 1e-6));
  return `${whole}°${String(minutes).padStart(2, '0')}′`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "20 Mar, 03:06 GMT+3" / "20 Mar 03:06 GMT+3": an event's moment in the reading's zone. */
export function formatMoment(iso: string, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** "20 March – 26 March 2025": the days of a period, its end exclusive. */
export function formatPeriod(start: string, end: string, locale: Locale, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const first = new Date(start);
  // The period ends at the next midnight: its last day starts a moment before.
  const last = new Date(new Date(end).getTime() - 1);
  const a = format.format(first);
  const b = format.format(last);
  return a === b ? a : `${a} – ${b}`;
}
