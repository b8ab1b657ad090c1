import type { Locale } from '../app/constants.ts';

/**
 * A cheap first check for requests the people-research rules refuse: a person's home address,
 * personal phone number, family, or where they are. The web-search system prompt is the real guard
 * (it sees the whole conversation and judges what is public and professional); this only catches the
 * plain phrasings, in English and Turkish, so they are refused without a model call or a search.
 * It is deliberately narrow: "track record", a company's headquarters address, a support line, a
 * children's book author or a profile someone publishes themselves all pass.
 */

export type PrivateInfoKind = 'home-address' | 'phone-number' | 'family' | 'location-tracking';

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
/** A pattern between Unicode-aware word boundaries (JS's \b only knows ASCII letters). */
const word = (pattern: string) => new RegExp(`${B}(?:${pattern})${E}`, 'u');
/** A pattern after "his/her/their" or a possessive ("Tim Cook's", "the founders'"). */
const owned = (pattern: string) => new RegExp(`(?:${B}(?:his|her|their) |\\p{L}['’]s? )(?:${pattern})${E}`, 'u');

const RELATIVES =
  'wife|husband|spouse|girlfriend|boyfriend|children|kids|sons?|daughters?|family members|parents|siblings';

/**
 * Each pattern names something about a person, never a thing a company or a place also has: "home
 * address" but not "address", "his phone" but not "Apple's phone", "where is he right now" but not
 * "where is the ISS right now". Anything subtler is the model's to judge.
 */
const PATTERNS: Record<PrivateInfoKind, RegExp[]> = {
  'home-address': [
    word('home address(?:es)?|residential address|house address|personal address|private address'),
    // Turkish: "ev adresi", "ikametgah adresi", "oturduğu ev", "yaşadığı adres"
    word('ev adres\\p{L}*|ikamet\\p{L}* adres\\p{L}*|(?:oturduğu|yaşadığı) (?:ev|adres)\\p{L}*'),
  ],
  'phone-number': [
    word(
      '(?:personal|private|home|cell|mobile|cellphone)(?: phone)? number|(?:personal|private|home) (?:phone|telephone)',
    ),
    word('(?:his|her|their) (?:phone|telephone|cell|mobile|cellphone)(?: number)?'),
    // Turkish: "cep numarası", "kişisel telefonu", "özel numarası", "ev telefonu"
    word('cep (?:telefonu )?numara\\p{L}*|(?:kişisel|özel|ev) (?:telefon|numara)\\p{L}*'),
  ],
  family: [
    owned(RELATIVES),
    word('(?:wife|husband|spouse) of|is (?:he|she) married|who is .{1,60}? (?:married to|dating)'),
    // Turkish: "eşi" (not the idiom "eşi benzeri"), "karısı", "kocası", "çocukları kim", "aile üyeleri"
    word('(?:eşi|eşini|eşinin)(?! benzeri)|(?:karısı|kocası|sevgilisi)\\p{L}*'),
    word('çocukları\\p{L}* (?:kim|isim|ad)\\p{L}*|aile (?:üyeleri|bireyleri)\\p{L}*|kiminle evli|evli mi'),
  ],
  'location-tracking': [
    word('(?:his|her|their) (?:current |exact |live |real[- ]time )?(?:location|whereabouts)'),
    owned('whereabouts'),
    word(
      'track(?:ing)? (?:him|her|them)|stalk(?:ing|er)?|where (?:is|was) (?:he|she) (?:right now|now|at the moment|tonight|today)',
    ),
    word('(?:track|follow)(?:ing)? (?:his|her|their) (?:movements|car|jet|plane|flights?)'),
    // Turkish: "şu an nerede", "anlık konumu", "konumunu takip", "nerede olduğunu takip"
    word('şu ?an(?:da)? nerede|(?:anlık|canlı) konum\\p{L}*|(?:konumunu|nerede olduğunu) takip\\p{L}*'),
  ],
};

/** Which kind of private information `text` asks for, if it plainly asks for one. */
export function privateInfoRequest(text: string): PrivateInfoKind | undefined {
  // Both foldings: Turkish İ/I need the Turkish one, English words with "I" the plain one.
  const foldings = [text.toLowerCase(), text.toLocaleLowerCase('tr')].map((t) => t.replace(/\s+/g, ' '));
  for (const [kind, patterns] of Object.entries(PATTERNS) as [PrivateInfoKind, RegExp[]][]) {
    if (patterns.some((p) => foldings.some((t) => p.test(t)))) return kind;
  }
  return undefined;
}

export function isPrivateInfoRequest(text: string): boolean {
  return privateInfoRequest(text) !== undefined;
}

/** The polite refusal when the pre-check (or the model, in its own words) declines. */
export const PRIVATE_INFO_REFUSAL: Record<Locale, string> = {
  en: "I can't help find someone's home address, personal phone number, family details or whereabouts. I can research their public professional life instead: career, company and role, talks and interviews, publications, news coverage, and profiles they publish themselves.",
  tr: 'Birinin ev adresini, kişisel telefon numarasını, aile bilgilerini veya nerede olduğunu bulmaya yardımcı olamam. Bunun yerine kamuya açık mesleki hayatını araştırabilirim: kariyeri, şirketi ve görevi, konuşmaları ve röportajları, yayınları, haberler ve kendi yayımladığı profiller.',
};
