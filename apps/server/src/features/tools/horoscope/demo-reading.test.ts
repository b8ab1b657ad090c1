import {
  HOROSCOPE_TYPE_SLUGS,
  type HoroscopeFacts,
  type HoroscopeInput,
  type HoroscopeType,
  horoscopeInputSchema,
  type Locale,
  type SkyBody,
  zodiacSign,
} from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { demoReading } from './demo-reading.ts';
import { computeHoroscopeFacts } from './horoscope-facts.ts';
import { HOROSCOPE_FACTS_TOOL_NAME, horoscopeSystemPrompt } from './horoscope-prompts.ts';

// 2024-04-10 12:00 in Istanbul. Known sky: Sun 20° Aries, Moon 13° Taurus (waxing crescent),
// Mercury retrograde in Aries, Venus in Aries, Mars in Pisces, Jupiter in Taurus, Saturn in Pisces.
const now = new Date('2024-04-10T09:00:00Z');

const INPUTS: Record<HoroscopeType, unknown> = {
  daily: { type: 'daily', person: { sign: 'leo' } },
  weekly: { type: 'weekly', person: { sign: 'leo' } },
  monthly: { type: 'monthly', person: { birthDate: '1990-08-01' } },
  love: { type: 'love', person: { sign: 'scorpio' } },
  career: { type: 'career', person: { sign: 'capricorn' } },
  compatibility: { type: 'compatibility', person: { sign: 'aries' }, partner: { sign: 'libra' } },
  'birth-chart': { type: 'birth-chart', birthDate: '1990-08-01', birthTime: '14:30', cityId: 'istanbul-tr' },
};

const factsFor = (type: HoroscopeType): HoroscopeFacts =>
  computeHoroscopeFacts(horoscopeInputSchema.parse(INPUTS[type]) as HoroscopeInput, {
    now,
    timeZone: 'Europe/Istanbul',
  });

const signNameOf = (facts: { positions: { body: SkyBody; sign: string }[] }, body: SkyBody, locale: Locale) => {
  const sign = facts.positions.find((p) => p.body === body)?.sign;
  return zodiacSign(sign as never).name[locale];
};

describe('demoReading', () => {
  it.each(HOROSCOPE_TYPE_SLUGS.flatMap((type) => (['en', 'tr'] as const).map((locale) => [type, locale] as const)))(
    '%s in %s: labelled a demo, grounded in the computed Sun and Moon, for entertainment',
    (type, locale) => {
      const facts = factsFor(type);
      const text = demoReading({ facts, locale });
      expect(text.startsWith(locale === 'tr' ? '**Demo yorum.**' : '**Demo reading.**')).toBe(true);
      expect(text).toContain(locale === 'tr' ? 'Burç yorumları eğlence amaçlıdır' : 'Horoscopes are for entertainment');
      // Today's Sun and Moon, as computed, named in the reader's language.
      expect(signNameOf(facts.sky, 'sun', locale)).toBe(locale === 'tr' ? 'Koç' : 'Aries');
      expect(signNameOf(facts.sky, 'moon', locale)).toBe(locale === 'tr' ? 'Boğa' : 'Taurus');
      expect(text).toContain(signNameOf(facts.sky, 'sun', locale));
      expect(text).toContain(signNameOf(facts.sky, 'moon', locale));
      if (facts.person) expect(text).toContain(zodiacSign(facts.person.sign).name[locale]);
      // Deterministic.
      expect(demoReading({ facts, locale })).toBe(text);
      // Never the other language's sign names.
      expect(text).not.toContain(locale === 'tr' ? 'Aries' : 'Koç');
    },
  );

  it('names the phase, the retrograde planet and the events of the period', () => {
    const en = demoReading({ facts: factsFor('weekly'), locale: 'en' });
    expect(en).toContain('waxing crescent');
    expect(en).toContain('Retrograde now: Mercury.');
    expect(en).toMatch(/- 15 Apr, 22:1\d GMT\+3 — First quarter in Cancer ♋/);
    const tr = demoReading({ facts: factsFor('weekly'), locale: 'tr' });
    expect(tr).toContain('büyüyen hilal');
    expect(tr).toContain('Geri harekette olanlar: Merkür.');
    expect(tr).toMatch(/Yengeç ♋ burcunda ilk dördün/);
  });

  it('reads the month’s new and full moon and the Sun entering Taurus', () => {
    const en = demoReading({ facts: factsFor('monthly'), locale: 'en' });
    expect(en).toMatch(/Sun enters Taurus ♉/);
    expect(en).toMatch(/Full moon in Scorpio ♏/);
    expect(en).toContain('## Monthly horoscope: Leo ♌ — 10 April 2024 – 9 May 2024');
  });

  it('reads love from Venus and Mars and career from Saturn, Jupiter and Mercury', () => {
    const love = factsFor('love');
    const loveText = demoReading({ facts: love, locale: 'en' });
    expect(loveText).toContain(`Venus in ${signNameOf(love.sky, 'venus', 'en')}`);
    expect(loveText).toContain(`Mars in ${signNameOf(love.sky, 'mars', 'en')}`);
    expect(loveText).toMatch(/Venus moves through your 6th house/); // Aries is Scorpio's 6th sign
    const career = factsFor('career');
    const careerText = demoReading({ facts: career, locale: 'tr' });
    expect(careerText).toContain(`Satürn ${signNameOf(career.sky, 'saturn', 'tr')}`);
    expect(careerText).toContain(`Jüpiter ${signNameOf(career.sky, 'jupiter', 'tr')}`);
    expect(careerText).toContain('Merkür geri harekette');
  });

  it('reads compatibility from the two signs’ elements, modalities and distance', () => {
    const en = demoReading({ facts: factsFor('compatibility'), locale: 'en' });
    expect(en).toContain('**Aries ♈ and Libra ♎** — an opposition (opposite signs).');
    expect(en).toContain('Aries ♈: fire sign, cardinal');
    expect(en).toContain('You are both cardinal signs');
    const tr = demoReading({ facts: factsFor('compatibility'), locale: 'tr' });
    expect(tr).toContain('**Koç ♈ ve Terazi ♎** — karşıt (karşı burçlar).');
  });

  it('reads a birth chart from its ascendant and placements, and says what a missing time leaves out', () => {
    const facts = factsFor('birth-chart');
    const asc = facts.chart?.ascendant;
    const en = demoReading({ facts, locale: 'en' });
    expect(en).toContain(`Ascendant in ${zodiacSign(asc?.sign as never).name.en}`);
    expect(en).toContain(`Sun in ${signNameOf(facts.chart as never, 'sun', 'en')}`);
    expect(en).toContain('Placidus');
    expect(en).toMatch(/Saturn: \d+°\d\d′ Capricorn ♑, retrograde — house \d+/);

    const noTime = computeHoroscopeFacts(
      horoscopeInputSchema.parse({
        type: 'birth-chart',
        birthDate: '1990-08-01',
        cityId: 'istanbul-tr',
      }) as HoroscopeInput,
      { now, timeZone: 'Europe/Istanbul' },
    );
    const tr = demoReading({ facts: noTime, locale: 'tr' });
    expect(tr).toContain('**Doğum saati yok:**');
    expect(tr).not.toContain('Yükselen ');
    // The facts were computed for an English reading: its city name.
    expect(en).toContain('## Birth chart — 1990-08-01, Istanbul');
  });

  it('names the birth city in Turkish letters in a Turkish reading', () => {
    const facts = computeHoroscopeFacts(horoscopeInputSchema.parse(INPUTS['birth-chart']) as HoroscopeInput, {
      now,
      timeZone: 'Europe/Istanbul',
      locale: 'tr',
    });
    const tr = demoReading({ facts, locale: 'tr' });
    expect(tr).toContain('## Doğum haritası — 1990-08-01, İstanbul');
    expect(tr).toContain('Doğum: 1990-08-01 14:30, İstanbul (TR)');
    expect(tr).not.toContain('Istanbul');
  });
});

describe('horoscopeSystemPrompt', () => {
  it.each(HOROSCOPE_TYPE_SLUGS)(
    '%s: grounded in the tool result, in the reader’s language, for entertainment',
    (type) => {
      const en = horoscopeSystemPrompt(type, 'en');
      expect(en).toContain(`\`${HOROSCOPE_FACTS_TOOL_NAME}\``);
      expect(en).toContain('Rely only on the facts in that result. Never invent a position');
      expect(en).toContain('horoscopes are for entertainment');
      expect(en).toContain('Write in English');
      expect(en).toContain('leo = Leo ♌');

      const tr = horoscopeSystemPrompt(type, 'tr');
      expect(tr).toContain(`\`${HOROSCOPE_FACTS_TOOL_NAME}\``);
      expect(tr).toContain('Yalnızca bu sonuçtaki bilgilere dayanın');
      expect(tr).toContain('uydurmayın');
      expect(tr).toContain('eğlence amaçlı');
      expect(tr).toContain('Türkçe yazın');
      expect(tr).toContain('leo = Aslan ♌');
    },
  );

  it('gives each type its own focus', () => {
    const prompts = HOROSCOPE_TYPE_SLUGS.map((t) => horoscopeSystemPrompt(t, 'en'));
    expect(new Set(prompts).size).toBe(HOROSCOPE_TYPE_SLUGS.length);
    expect(horoscopeSystemPrompt('love', 'en')).toContain('Venus and Mars');
    expect(horoscopeSystemPrompt('birth-chart', 'en')).toContain('Without a birth time there is no ascendant');
    expect(horoscopeSystemPrompt('compatibility', 'tr')).toContain('İki burcun');
  });
});
