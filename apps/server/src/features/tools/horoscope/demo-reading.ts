import {
  type BirthChartFacts,
  type BodyPosition,
  type HoroscopeFacts,
  type Locale,
  type PersonFacts,
  type SkyBody,
  type SkyFacts,
  type ZodiacSign,
  zodiacSign,
} from '@polymath/shared';
import { describeBirthChart, describeSkyFacts } from './describe-sky.ts';
import {
  ASPECT_NAMES,
  BODY_NAMES,
  ELEMENT_NAMES,
  ENTERTAINMENT_NOTE,
  formatDegree,
  formatPeriod,
  HOUSE_THEMES,
  MODALITY_NAMES,
  PHASE_NAMES,
  signLabel,
  TYPE_NAMES,
} from './horoscope-texts.ts';

/**
 * The offline demo's reading: written from the same computed facts a model would get, by
 * templates, so a fresh start with no provider key still gives a real, sky-based reading. It
 * says it is a demo. Deterministic: the same facts and locale give the same text.
 */
type Tone = Record<Locale, string>;

const DEMO_LABEL: Tone = {
  en: '**Demo reading.** Written by the offline demo from the computed sky, not by an AI model. Add a provider key to the server for full readings.',
  tr: '**Demo yorum.** Bu yorum bir yapay zekâ modelinden değil, hesaplanan gökyüzünden çevrimdışı demo tarafından yazıldı. Tam yorumlar için sunucuya bir sağlayıcı anahtarı ekleyin.',
};

const ELEMENT_MOOD: Record<Locale, Record<string, string>> = {
  en: {
    fire: 'bold and restless: a day to start things and speak up',
    earth: 'practical and steady: a day for finishing and tidying up',
    air: 'curious and talkative: a day for ideas, messages and people',
    water: 'tender and intuitive: a day to listen to your feelings',
  },
  tr: {
    fire: 'cesur ve kıpır kıpır: bir şeylere başlamak ve sesinizi duyurmak için uygun',
    earth: 'pratik ve dengeli: işleri bitirmek ve toparlamak için uygun',
    air: 'meraklı ve konuşkan: fikirler, mesajlar ve insanlar için uygun',
    water: 'duygusal ve sezgisel: hislerinizi dinlemek için uygun',
  },
};

const PHASE_ADVICE: Record<Locale, Record<string, string>> = {
  en: {
    'new-moon': 'set an intention and begin quietly',
    'waxing-crescent': 'take the first small steps',
    'first-quarter': 'decide and act, even if it feels early',
    'waxing-gibbous': 'refine what you have started',
    'full-moon': 'see things clearly and bring them to a head',
    'waning-gibbous': 'share what you have learned',
    'last-quarter': 'let go of what no longer fits',
    'waning-crescent': 'rest and clear the decks',
  },
  tr: {
    'new-moon': 'bir niyet belirleyip sessizce başlayın',
    'waxing-crescent': 'ilk küçük adımları atın',
    'first-quarter': 'erken gibi görünse de karar verip harekete geçin',
    'waxing-gibbous': 'başladığınız işi inceltin',
    'full-moon': 'durumu açıkça görün ve sonuca bağlayın',
    'waning-gibbous': 'öğrendiklerinizi paylaşın',
    'last-quarter': 'artık uymayanı bırakın',
    'waning-crescent': 'dinlenin ve ortalığı toparlayın',
  },
};

const ASPECT_STORY: Record<Locale, Record<string, string>> = {
  en: {
    'same-sign': 'You mirror each other: instant recognition, and the same blind spots.',
    'semi-sextile': 'Neighbours on the wheel: different temperaments that can teach each other.',
    sextile: 'An easy, friendly pairing: conversation flows and you help each other out.',
    square: 'A pairing with friction: it sparks growth when you both stay patient.',
    trine: 'A natural harmony: you understand each other without many words.',
    quincunx: 'A pairing of adjustments: love grows by learning each other’s rhythm.',
    opposition: 'Opposites attract: a strong pull, balanced by give and take.',
  },
  tr: {
    'same-sign': 'Birbirinizin aynasısınız: hemen tanışıklık, ama aynı kör noktalar.',
    'semi-sextile': 'Zodyakta komşusunuz: birbirine çok şey öğretebilecek farklı mizaçlar.',
    sextile: 'Kolay ve dostça bir eşleşme: sohbet akar, birbirinize destek olursunuz.',
    square: 'Sürtünmeli bir eşleşme: ikiniz de sabırlı olursanız büyütür.',
    trine: 'Doğal bir uyum: çok söze gerek kalmadan anlaşırsınız.',
    quincunx: 'Uyum gerektiren bir eşleşme: birbirinizin ritmini öğrendikçe yakınlaşırsınız.',
    opposition: 'Zıtlar birbirini çeker: güçlü bir çekim, al-ver dengesiyle.',
  },
};

const ELEMENT_STORY: Record<Locale, Record<string, string>> = {
  en: {
    same: 'You share an element, so you speak the same emotional language.',
    complementary: 'Your elements feed each other (fire with air, earth with water).',
    contrasting: 'Your elements differ, so you bring each other what the other lacks.',
  },
  tr: {
    same: 'Aynı elementi paylaşıyorsunuz; aynı duygusal dili konuşuyorsunuz.',
    complementary: 'Elementleriniz birbirini besliyor (ateşle hava, toprakla su).',
    contrasting: 'Elementleriniz farklı; birbirinizde eksik olanı tamamlıyorsunuz.',
  },
};

function position(sky: SkyFacts | BirthChartFacts, body: SkyBody): BodyPosition {
  const p = sky.positions.find((x) => x.body === body);
  if (!p) throw new Error(`The facts have no ${body}`);
  return p;
}

const bodyName = (body: SkyBody, locale: Locale) => BODY_NAMES[locale][body];

/** "Mars in Gemini ♊ (12°04′)" / "Mars İkizler ♊ burcunda (12°04′)" */
function placement(p: BodyPosition, locale: Locale): string {
  const where = `${signLabel(p.sign, locale)}`;
  const retro = p.retrograde ? (locale === 'tr' ? ', geri harekette' : ', retrograde') : '';
  return locale === 'tr'
    ? `${bodyName(p.body, locale)} ${where} burcunda (${formatDegree(p.degree)}${retro})`
    : `${bodyName(p.body, locale)} in ${where} (${formatDegree(p.degree)}${retro})`;
}

function skyParagraph(sky: SkyFacts, locale: Locale): string {
  const sun = position(sky, 'sun');
  const moon = position(sky, 'moon');
  const phase = PHASE_NAMES[locale][sky.moon.phase];
  const lit = Math.round(sky.moon.illumination * 100);
  const retro = sky.positions.filter((p) => p.retrograde).map((p) => bodyName(p.body, locale));
  if (locale === 'tr') {
    const retroText = retro.length
      ? `Geri harekette olanlar: ${retro.join(', ')}.`
      : 'Şu anda geri harekette gezegen yok.';
    return `**Gökyüzü:** Güneş ${signLabel(sun.sign, locale)} burcunda (${formatDegree(sun.degree)}), Ay ${signLabel(moon.sign, locale)} burcunda (${formatDegree(moon.degree)}); Ay evresi ${phase}, %${lit} aydınlık. ${retroText}`;
  }
  const retroText = retro.length ? `Retrograde now: ${retro.join(', ')}.` : 'No planet is retrograde right now.';
  return `**The sky:** The Sun is in ${signLabel(sun.sign, locale)} (${formatDegree(sun.degree)}) and the Moon in ${signLabel(moon.sign, locale)} (${formatDegree(moon.degree)}), a ${phase} (${lit}% lit). ${retroText}`;
}

function eventsParagraph(sky: SkyFacts, locale: Locale, max: number): string {
  const events = describeSkyFacts(sky, locale).events;
  if (events.length === 0) {
    return locale === 'tr'
      ? '**Bu dönemde:** burç geçişi ya da ana Ay evresi yok; gökyüzü sakin.'
      : '**In this period:** no sign changes and no main lunar phase; a steady sky.';
  }
  const shown = events.slice(0, max);
  const more = events.length - shown.length;
  const tail = more > 0 ? [locale === 'tr' ? `- … ve ${more} olay daha` : `- … and ${more} more`] : [];
  return [locale === 'tr' ? '**Bu dönemde:**' : '**In this period:**', ...shown.map((e) => `- ${e}`), ...tail].join(
    '\n',
  );
}

/** "the Moon lights your 5th house of romance, creativity and play" */
function houseSentence(person: PersonFacts, body: SkyBody, locale: Locale): string {
  const house = person.solarHouses[body];
  if (!house) return '';
  const theme = HOUSE_THEMES[locale][house - 1];
  return locale === 'tr'
    ? `${bodyName(body, locale)} ${house}. evinizden geçiyor (${theme})`
    : `${body === 'sun' || body === 'moon' ? 'the ' : ''}${bodyName(body, locale)} moves through your ${ordinal(house)} house (${theme})`;
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function housesParagraph(person: PersonFacts, bodies: SkyBody[], locale: Locale): string {
  const sentences = bodies.map((b) => houseSentence(person, b, locale)).filter(Boolean);
  const intro =
    locale === 'tr' ? `**${signLabel(person.sign, locale)} için:** ` : `**For ${signLabel(person.sign, locale)}:** `;
  return `${intro}${sentences.join('; ')}.`;
}

function signReading(facts: HoroscopeFacts, person: PersonFacts, locale: Locale): string[] {
  const sky = facts.sky;
  const moon = position(sky, 'moon');
  const moonElement = zodiacSign(moon.sign).element;
  const tr = locale === 'tr';
  const phaseAdvice = PHASE_ADVICE[locale][sky.moon.phase];
  const parts: string[] = [];
  switch (facts.type) {
    case 'daily':
      parts.push(housesParagraph(person, ['moon', 'sun', 'mercury'], locale));
      parts.push(
        tr
          ? `Ay ${signLabel(moon.sign, locale)} burcunda: gün ${ELEMENT_MOOD.tr[moonElement]}. Ay evresi ${PHASE_NAMES.tr[sky.moon.phase]}: ${phaseAdvice}.`
          : `With the Moon in ${signLabel(moon.sign, locale)} the day feels ${ELEMENT_MOOD.en[moonElement]}. It is a ${PHASE_NAMES.en[sky.moon.phase]}: ${phaseAdvice}.`,
      );
      parts.push(eventsParagraph(sky, locale, 6));
      break;
    case 'weekly':
      parts.push(eventsParagraph(sky, locale, 12));
      parts.push(housesParagraph(person, ['mercury', 'venus', 'mars'], locale));
      parts.push(
        tr
          ? `Haftanın başında Ay evresi ${PHASE_NAMES.tr[sky.moon.phase]}: ${phaseAdvice}.`
          : `The week opens on a ${PHASE_NAMES.en[sky.moon.phase]}: ${phaseAdvice}.`,
      );
      break;
    case 'monthly':
      parts.push(eventsParagraph(sky, locale, 12));
      parts.push(housesParagraph(person, ['sun', 'jupiter', 'saturn'], locale));
      parts.push(retrogradeParagraph(sky, locale));
      break;
    case 'love': {
      const venus = position(sky, 'venus');
      const mars = position(sky, 'mars');
      parts.push(
        tr
          ? `**Aşk gökyüzü:** ${placement(venus, locale)}; ${placement(mars, locale)}.`
          : `**The love sky:** ${placement(venus, locale)}; ${placement(mars, locale)}.`,
      );
      parts.push(housesParagraph(person, ['venus', 'mars', 'moon'], locale));
      parts.push(
        venus.retrograde
          ? tr
            ? 'Venüs geri harekette: eski bağlar ve yarım kalan duygular yeniden gündeme gelebilir; yeni bir başlangıç için acele etmeyin.'
            : 'Venus is retrograde: old bonds and unfinished feelings may come back; take your time before starting something new.'
          : tr
            ? `Venüs ${ELEMENT_NAMES.tr[zodiacSign(venus.sign).element]} burcunda ilerliyor; sevginizi bu elementin diliyle gösterin.`
            : `Venus travels through a ${ELEMENT_NAMES.en[zodiacSign(venus.sign).element]} sign: show affection in that element’s language.`,
      );
      parts.push(eventsParagraph(sky, locale, 6));
      break;
    }
    case 'career': {
      parts.push(
        tr
          ? `**İş gökyüzü:** ${placement(position(sky, 'saturn'), locale)}; ${placement(position(sky, 'jupiter'), locale)}; ${placement(position(sky, 'mars'), locale)}.`
          : `**The work sky:** ${placement(position(sky, 'saturn'), locale)}; ${placement(position(sky, 'jupiter'), locale)}; ${placement(position(sky, 'mars'), locale)}.`,
      );
      parts.push(housesParagraph(person, ['saturn', 'jupiter', 'mars', 'mercury'], locale));
      const mercury = position(sky, 'mercury');
      parts.push(
        mercury.retrograde
          ? tr
            ? 'Merkür geri harekette: sözleşmeleri ve e-postaları iki kez okuyun, eski projelere dönmek için iyi bir zaman.'
            : 'Mercury is retrograde: read contracts and emails twice; a good time to revisit old projects.'
          : tr
            ? `Merkür ${signLabel(mercury.sign, locale)} burcunda ileri gidiyor: görüşmeler ve yazışmalar için açık bir yol.`
            : `Mercury moves direct in ${signLabel(mercury.sign, locale)}: a clear road for meetings and messages.`,
      );
      parts.push(eventsParagraph(sky, locale, 8));
      break;
    }
    default:
      break;
  }
  return parts;
}

function retrogradeParagraph(sky: SkyFacts, locale: Locale): string {
  const retro = sky.positions.filter((p) => p.retrograde);
  if (retro.length === 0) {
    return locale === 'tr'
      ? 'Dönemin başında hiçbir gezegen geri harekette değil: ileriye dönük planlar için rahat bir zemin.'
      : 'No planet is retrograde as the period opens: an easy footing for plans that look ahead.';
  }
  const list = retro.map((p) => placement(p, locale)).join('; ');
  return locale === 'tr'
    ? `Geri hareket: ${list}. Bu gezegenlerin konularında gözden geçirme ve tamamlama öne çıkıyor.`
    : `Retrograde: ${list}. In these planets’ matters, review and finish rather than start.`;
}

function compatibilityReading(
  facts: HoroscopeFacts,
  person: PersonFacts,
  partner: PersonFacts,
  locale: Locale,
): string[] {
  const c = facts.compatibility;
  if (!c) return [];
  const a = zodiacSign(person.sign);
  const b = zodiacSign(partner.sign);
  const tr = locale === 'tr';
  const describe = (sign: ZodiacSign) => {
    const info = zodiacSign(sign);
    return tr
      ? `${signLabel(sign, locale)}: ${ELEMENT_NAMES.tr[info.element]} elementi, ${MODALITY_NAMES.tr[info.modality]} nitelik`
      : `${signLabel(sign, locale)}: ${ELEMENT_NAMES.en[info.element]} sign, ${MODALITY_NAMES.en[info.modality]}`;
  };
  const modalities = tr
    ? c.modalities === 'same'
      ? `İkiniz de ${MODALITY_NAMES.tr[a.modality]} niteliktesiniz: aynı tempoda ilerlersiniz, ama kimin yön vereceğini konuşun.`
      : `Nitelikleriniz farklı (${MODALITY_NAMES.tr[a.modality]} ve ${MODALITY_NAMES.tr[b.modality]}): biri başlatır, diğeri sürdürür ya da uyarlar.`
    : c.modalities === 'same'
      ? `You are both ${MODALITY_NAMES.en[a.modality]} signs: you move at the same pace, so agree on who leads.`
      : `Your modalities differ (${MODALITY_NAMES.en[a.modality]} and ${MODALITY_NAMES.en[b.modality]}): one starts, the other sustains or adapts.`;
  const venus = position(facts.sky, 'venus');
  const mars = position(facts.sky, 'mars');
  return [
    tr
      ? `**${signLabel(a.slug, locale)} ve ${signLabel(b.slug, locale)}** — ${ASPECT_NAMES.tr[c.aspect]}.`
      : `**${signLabel(a.slug, locale)} and ${signLabel(b.slug, locale)}** — ${ASPECT_NAMES.en[c.aspect]}.`,
    `- ${describe(a.slug)}\n- ${describe(b.slug)}`,
    `${ASPECT_STORY[locale][c.aspect]} ${ELEMENT_STORY[locale][c.elements]} ${modalities}`,
    tr
      ? `**Şimdiki hava:** ${placement(venus, locale)}; ${placement(mars, locale)}.`
      : `**The mood right now:** ${placement(venus, locale)}; ${placement(mars, locale)}.`,
  ];
}

function birthChartReading(chart: BirthChartFacts, locale: Locale): string[] {
  const tr = locale === 'tr';
  const sun = position(chart, 'sun');
  const moon = position(chart, 'moon');
  const parts: string[] = [];
  const core = tr
    ? `**Güneş ${signLabel(sun.sign, locale)} burcunda, Ay ${signLabel(moon.sign, locale)} burcunda.** Güneş özünüzü (${ELEMENT_NAMES.tr[zodiacSign(sun.sign).element]}), Ay duygularınızı (${ELEMENT_NAMES.tr[zodiacSign(moon.sign).element]}) anlatır.`
    : `**Sun in ${signLabel(sun.sign, locale)}, Moon in ${signLabel(moon.sign, locale)}.** The Sun describes your core (${ELEMENT_NAMES.en[zodiacSign(sun.sign).element]}), the Moon your feelings (${ELEMENT_NAMES.en[zodiacSign(moon.sign).element]}).`;
  parts.push(core);
  if (chart.ascendant) {
    const asc = chart.ascendant;
    const system = chart.houseSystem === 'placidus' ? 'Placidus' : tr ? 'eşit ev' : 'equal houses';
    parts.push(
      tr
        ? `**Yükselen ${signLabel(asc.sign, locale)} (${formatDegree(asc.degree)}).** İnsanların sizde ilk gördüğü bu burcun tarzıdır. Evler ${system} sistemiyle hesaplandı.`
        : `**Ascendant in ${signLabel(asc.sign, locale)} (${formatDegree(asc.degree)}).** This is the style people meet first. Houses use the ${system} system.`,
    );
  } else {
    parts.push(
      tr
        ? '**Doğum saati yok:** yükselen burç ve evler hesaplanamadı; konumlar yerel öğle saatine göre. Saati eklerseniz harita tamamlanır.'
        : '**No birth time:** the ascendant and houses could not be computed; positions are for local noon. Add the time to complete the chart.',
    );
  }
  parts.push(
    describeBirthChart(chart, locale)
      .map((line) => `- ${line}`)
      .join('\n'),
  );
  return parts;
}

export type DemoReadingInput = { facts: HoroscopeFacts; locale: Locale };

export function demoReading({ facts, locale }: DemoReadingInput): string {
  const title = TYPE_NAMES[locale][facts.type];
  const period = formatPeriod(facts.sky.period.start, facts.sky.period.end, locale, facts.sky.period.timeZone);
  const lines: string[] = [DEMO_LABEL[locale], ''];
  if (facts.type === 'birth-chart' && facts.chart) {
    lines.push(`## ${title} — ${facts.chart.birth.date}, ${facts.chart.birth.localName}`, '');
    lines.push(...birthChartReading(facts.chart, locale).flatMap((p) => [p, '']));
    lines.push(locale === 'tr' ? '**Bugünün gökyüzü**' : '**Today’s sky**', '');
    lines.push(skyParagraph(facts.sky, locale), '');
  } else if (facts.type === 'compatibility' && facts.person && facts.partner) {
    lines.push(`## ${title} — ${period}`, '');
    lines.push(...compatibilityReading(facts, facts.person, facts.partner, locale).flatMap((p) => [p, '']));
    lines.push(skyParagraph(facts.sky, locale), '');
  } else if (facts.person) {
    lines.push(`## ${title}: ${signLabel(facts.person.sign, locale)} — ${period}`, '');
    lines.push(skyParagraph(facts.sky, locale), '');
    lines.push(...signReading(facts, facts.person, locale).flatMap((p) => [p, '']));
  }
  lines.push(`_${ENTERTAINMENT_NOTE[locale]}_`);
  return lines.join('\n');
}
