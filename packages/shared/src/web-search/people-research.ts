import type { Locale } from '../app/constants.ts';

/**
 * The people-research prompts (spec §1): templates for researching a person's public professional
 * life. The user fills in a name and some context (their company, field or city of work); the filled
 * prompt runs as a web search. Each template sticks to what a person or their employer publishes.
 */

export type PeopleResearchTemplate = {
  id: string;
  title: Record<Locale, string>;
  /** Has `{name}` and may have `{context}`; ` ({context})` disappears when no context is given. */
  template: Record<Locale, string>;
};

export const PEOPLE_RESEARCH_TEMPLATES = [
  {
    id: 'background',
    title: { en: 'Background and career', tr: 'Geçmiş ve kariyer' },
    template: {
      en: 'Summarize the public professional background and career of {name} ({context}): education, previous roles and key milestones, with sources.',
      tr: '{name} ({context}) adlı kişinin kamuya açık mesleki geçmişini ve kariyerini özetle: eğitimi, önceki görevleri ve önemli dönüm noktaları, kaynaklarıyla birlikte.',
    },
  },
  {
    id: 'company-role',
    title: { en: 'Company and role', tr: 'Şirket ve görev' },
    template: {
      en: 'What company does {name} ({context}) work for and in what role? Describe the company, the position and since when they have held it, with sources.',
      tr: '{name} ({context}) adlı kişi hangi şirkette, hangi görevde çalışıyor? Şirketi, görevi ve bu görevde ne zamandan beri olduğunu kaynaklarıyla anlat.',
    },
  },
  {
    id: 'talks-interviews',
    title: { en: 'Public talks and interviews', tr: 'Konuşmalar ve röportajlar' },
    template: {
      en: 'Find public talks, conference presentations, podcasts and interviews given by {name} ({context}), with dates and links.',
      tr: '{name} ({context}) adlı kişinin verdiği kamuya açık konuşmaları, konferans sunumlarını, podcast ve röportajları tarihleri ve bağlantılarıyla bul.',
    },
  },
  {
    id: 'publications',
    title: { en: 'Publications', tr: 'Yayınlar' },
    template: {
      en: 'List books, articles, papers and patents published by {name} ({context}), with dates and where they appeared.',
      tr: '{name} ({context}) adlı kişinin yayımladığı kitapları, makaleleri, bilimsel çalışmaları ve patentleri, tarihleri ve yayımlandıkları yerlerle listele.',
    },
  },
  {
    id: 'news-mentions',
    title: { en: 'News mentions', tr: 'Haberler' },
    template: {
      en: 'Find news coverage that mentions {name} ({context}) in a professional capacity, newest first, with dates.',
      tr: '{name} ({context}) adlı kişinin mesleki faaliyetleriyle ilgili haberleri, en yeniden eskiye, tarihleriyle bul.',
    },
  },
  {
    id: 'own-profiles',
    title: { en: 'Profiles they publish', tr: 'Kendi yayımladığı profiller' },
    template: {
      en: 'Find the professional profiles and pages that {name} ({context}) publishes themselves, such as a personal website, a company bio, LinkedIn or GitHub.',
      tr: '{name} ({context}) adlı kişinin kendi yayımladığı mesleki profilleri ve sayfaları bul: kişisel web sitesi, şirket biyografisi, LinkedIn veya GitHub gibi.',
    },
  },
] as const satisfies readonly PeopleResearchTemplate[];

export type PeopleResearchTemplateId = (typeof PEOPLE_RESEARCH_TEMPLATES)[number]['id'];

export const PEOPLE_RESEARCH_NAME_MAX = 100;
export const PEOPLE_RESEARCH_CONTEXT_MAX = 200;

/** An example person for starter examples: a public figure, researched for public work only. */
export const PEOPLE_RESEARCH_EXAMPLE: Record<Locale, { name: string; context: string }> = {
  en: { name: 'Satya Nadella', context: 'CEO of Microsoft' },
  tr: { name: 'Satya Nadella', context: "Microsoft'un CEO'su" },
};

/** One line of plain text: no braces (so a value can never become a placeholder), no line breaks, cut to max. */
function cleanField(value: string, max: number): string {
  return value.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * The prompt a template makes for a person. Throws when the name is empty: a template without a
 * person is not a question. Without context the ` ({context})` part goes.
 */
export function fillPeopleResearchTemplate(
  id: PeopleResearchTemplateId,
  locale: Locale,
  fields: { name: string; context?: string },
): string {
  const found = PEOPLE_RESEARCH_TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`unknown people-research template ${id}`);
  const name = cleanField(fields.name, PEOPLE_RESEARCH_NAME_MAX);
  if (name === '') throw new Error('a people-research prompt needs a name');
  const context = cleanField(fields.context ?? '', PEOPLE_RESEARCH_CONTEXT_MAX);
  const template: string = found.template[locale];
  const shaped = context === '' ? template.replace(/\s*\(\{context\}\)/g, '') : template;
  // One pass with a function, so "$&" in a value is literal and a value is never scanned again.
  return shaped.replace(/\{(name|context)\}/g, (_, key: string) => (key === 'name' ? name : context));
}
