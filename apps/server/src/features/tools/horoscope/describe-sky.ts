import type { BirthChartFacts, BodyPosition, Ingress, Locale, LunarPhaseEvent, SkyFacts } from '@polymath/shared';
import {
  BODY_NAMES,
  BODY_SYMBOLS,
  formatDegree,
  formatMoment,
  HOUSE_THEMES,
  PHASE_NAMES,
  signLabel,
} from './horoscope-texts.ts';

/** The computed sky as lines of text: for the "sky now" panel and inside prompts. */
export type SkyDescription = { positions: string[]; events: string[] };

const RETROGRADE: Record<Locale, string> = { en: 'retrograde', tr: 'geri harekette' };

function positionLine(p: BodyPosition, locale: Locale): string {
  const base = `${BODY_SYMBOLS[p.body]} ${BODY_NAMES[locale][p.body]}: ${formatDegree(p.degree)} ${signLabel(p.sign, locale)}`;
  return p.retrograde ? `${base}, ${RETROGRADE[locale]}` : base;
}

function ingressLine(e: Ingress, locale: Locale, timeZone: string): string {
  const when = formatMoment(e.at, locale, timeZone);
  const body = BODY_NAMES[locale][e.body];
  const sign = signLabel(e.sign, locale);
  if (locale === 'tr') {
    return e.retrograde
      ? `${when} — ${body} geri hareketle ${sign} burcuna dönüyor`
      : `${when} — ${body} ${sign} burcuna geçiyor`;
  }
  return e.retrograde ? `${when} — ${body} moves back into ${sign} (retrograde)` : `${when} — ${body} enters ${sign}`;
}

function phaseLine(e: LunarPhaseEvent, locale: Locale, timeZone: string): string {
  const when = formatMoment(e.at, locale, timeZone);
  const phase = PHASE_NAMES[locale][e.phase];
  const sign = signLabel(e.sign, locale);
  return locale === 'tr'
    ? `${when} — ${sign} burcunda ${phase}`
    : `${when} — ${phase[0]?.toUpperCase()}${phase.slice(1)} in ${sign}`;
}

export function describeSkyFacts(facts: SkyFacts, locale: Locale): SkyDescription {
  const zone = facts.period.timeZone;
  const percent = Math.round(facts.moon.illumination * 100);
  const moonNote =
    locale === 'tr'
      ? `${PHASE_NAMES.tr[facts.moon.phase]}, %${percent} aydınlık`
      : `${PHASE_NAMES.en[facts.moon.phase]}, ${percent}% lit`;
  const positions = facts.positions.map((p) => {
    const line = positionLine(p, locale);
    return p.body === 'moon' ? `${line} (${moonNote})` : line;
  });
  // Ingresses and lunar phases in time order; ISO instants sort as text.
  const events = [
    ...facts.ingresses.map((e) => ({ at: e.at, text: ingressLine(e, locale, zone) })),
    ...facts.lunarPhases.map((e) => ({ at: e.at, text: phaseLine(e, locale, zone) })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((e) => e.text);
  return { positions, events };
}

/** A birth chart as lines of text: birth data, angles, placements with houses. */
export function describeBirthChart(chart: BirthChartFacts, locale: Locale): string[] {
  const tr = locale === 'tr';
  const b = chart.birth;
  const lines = [
    tr
      ? `Doğum: ${b.date} ${b.time ?? '(saat bilinmiyor, öğle 12:00 alındı)'}, ${b.localName} (${b.countryCode}), UTC ${b.utc} (${b.utcOffset})`
      : `Birth: ${b.date} ${b.time ?? '(time unknown, local noon used)'}, ${b.localName} (${b.countryCode}), UTC ${b.utc} (${b.utcOffset})`,
  ];
  if (chart.ascendant && chart.midheaven) {
    const system = chart.houseSystem === 'placidus' ? 'Placidus' : tr ? 'eşit ev' : 'equal houses';
    lines.push(
      tr
        ? `Yükselen: ${formatDegree(chart.ascendant.degree)} ${signLabel(chart.ascendant.sign, locale)}; Tepe noktası (MC): ${formatDegree(chart.midheaven.degree)} ${signLabel(chart.midheaven.sign, locale)}; ev sistemi: ${system}`
        : `Ascendant: ${formatDegree(chart.ascendant.degree)} ${signLabel(chart.ascendant.sign, locale)}; Midheaven (MC): ${formatDegree(chart.midheaven.degree)} ${signLabel(chart.midheaven.sign, locale)}; house system: ${system}`,
    );
  } else {
    lines.push(
      tr
        ? 'Doğum saati olmadan yükselen burç ve evler hesaplanamaz.'
        : 'Without a birth time the ascendant and houses cannot be computed.',
    );
  }
  for (const p of chart.positions) {
    const line = positionLine(p, locale);
    if (p.house === null) lines.push(line);
    else {
      const theme = HOUSE_THEMES[locale][p.house - 1];
      lines.push(tr ? `${line} — ${p.house}. ev (${theme})` : `${line} — house ${p.house} (${theme})`);
    }
  }
  const [moonStart, moonEnd] = chart.moonSignsThatDay ?? [];
  if (moonStart && moonEnd && moonStart !== moonEnd) {
    lines.push(
      tr
        ? `Ay o gün ${signLabel(moonStart, locale)} burcundan ${signLabel(moonEnd, locale)} burcuna geçti: doğum saati Ay burcunu belirler.`
        : `The Moon moved from ${signLabel(moonStart, locale)} into ${signLabel(moonEnd, locale)} that day: the birth time decides the Moon sign.`,
    );
  }
  return lines;
}
