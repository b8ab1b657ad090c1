/**
 * The languages photo translate offers (spec §1, §9: "40+ languages"), most used first: the order
 * the picker shows before the user searches. Every language is a translation target; one whose
 * tesseract data is installed on the server can also be read from a photo (its `tesseract` code is
 * fixed here, whether the data is there is the server's to say at run time).
 */

/** ISO 15924 script codes, one bundled font each on the server (Hans/Hant/Jpan share the CJK font). */
export const PHOTO_SCRIPTS = [
  'Latn',
  'Cyrl',
  'Grek',
  'Arab',
  'Hebr',
  'Deva',
  'Thai',
  'Hans',
  'Hant',
  'Jpan',
  'Kore',
] as const;
export type PhotoScript = (typeof PHOTO_SCRIPTS)[number];

export type PhotoLanguage = {
  /** BCP-47 tag: what the client sends and the translator is told. */
  code: string;
  /** English name, for the model's prompt and for search. */
  name: string;
  /** The language's name in itself: what the picker shows. */
  nativeName: string;
  script: PhotoScript;
  /** Written right to left: translations into it are right-aligned. */
  rtl: boolean;
  /** Tesseract's language code for reading it from a photo (its traineddata's name). */
  tesseract: string;
};

const lang = (
  code: string,
  name: string,
  nativeName: string,
  script: PhotoScript,
  tesseract: string,
): PhotoLanguage => ({
  code,
  name,
  nativeName,
  script,
  rtl: script === 'Arab' || script === 'Hebr',
  tesseract,
});

export const PHOTO_LANGUAGES = [
  lang('en', 'English', 'English', 'Latn', 'eng'),
  lang('es', 'Spanish', 'Español', 'Latn', 'spa'),
  lang('zh-Hans', 'Chinese (Simplified)', '简体中文', 'Hans', 'chi_sim'),
  lang('ar', 'Arabic', 'العربية', 'Arab', 'ara'),
  lang('hi', 'Hindi', 'हिन्दी', 'Deva', 'hin'),
  lang('fr', 'French', 'Français', 'Latn', 'fra'),
  lang('pt', 'Portuguese', 'Português', 'Latn', 'por'),
  lang('ru', 'Russian', 'Русский', 'Cyrl', 'rus'),
  lang('de', 'German', 'Deutsch', 'Latn', 'deu'),
  lang('ja', 'Japanese', '日本語', 'Jpan', 'jpn'),
  lang('tr', 'Turkish', 'Türkçe', 'Latn', 'tur'),
  lang('ko', 'Korean', '한국어', 'Kore', 'kor'),
  lang('it', 'Italian', 'Italiano', 'Latn', 'ita'),
  lang('zh-Hant', 'Chinese (Traditional)', '繁體中文', 'Hant', 'chi_tra'),
  lang('vi', 'Vietnamese', 'Tiếng Việt', 'Latn', 'vie'),
  lang('id', 'Indonesian', 'Bahasa Indonesia', 'Latn', 'ind'),
  lang('pl', 'Polish', 'Polski', 'Latn', 'pol'),
  lang('uk', 'Ukrainian', 'Українська', 'Cyrl', 'ukr'),
  lang('nl', 'Dutch', 'Nederlands', 'Latn', 'nld'),
  lang('fa', 'Persian', 'فارسی', 'Arab', 'fas'),
  lang('th', 'Thai', 'ไทย', 'Thai', 'tha'),
  lang('he', 'Hebrew', 'עברית', 'Hebr', 'heb'),
  lang('el', 'Greek', 'Ελληνικά', 'Grek', 'ell'),
  lang('sv', 'Swedish', 'Svenska', 'Latn', 'swe'),
  lang('cs', 'Czech', 'Čeština', 'Latn', 'ces'),
  lang('ro', 'Romanian', 'Română', 'Latn', 'ron'),
  lang('hu', 'Hungarian', 'Magyar', 'Latn', 'hun'),
  lang('da', 'Danish', 'Dansk', 'Latn', 'dan'),
  lang('fi', 'Finnish', 'Suomi', 'Latn', 'fin'),
  lang('nb', 'Norwegian Bokmål', 'Norsk bokmål', 'Latn', 'nor'),
  lang('ur', 'Urdu', 'اردو', 'Arab', 'urd'),
  lang('ms', 'Malay', 'Bahasa Melayu', 'Latn', 'msa'),
  lang('bg', 'Bulgarian', 'Български', 'Cyrl', 'bul'),
  lang('sk', 'Slovak', 'Slovenčina', 'Latn', 'slk'),
  lang('hr', 'Croatian', 'Hrvatski', 'Latn', 'hrv'),
  lang('sr', 'Serbian', 'Српски', 'Cyrl', 'srp'),
  lang('lt', 'Lithuanian', 'Lietuvių', 'Latn', 'lit'),
  lang('lv', 'Latvian', 'Latviešu', 'Latn', 'lav'),
  lang('sl', 'Slovenian', 'Slovenščina', 'Latn', 'slv'),
  lang('et', 'Estonian', 'Eesti', 'Latn', 'est'),
  lang('ca', 'Catalan', 'Català', 'Latn', 'cat'),
  lang('fil', 'Filipino', 'Filipino', 'Latn', 'fil'),
  lang('sw', 'Swahili', 'Kiswahili', 'Latn', 'swa'),
  lang('az', 'Azerbaijani', 'Azərbaycan dili', 'Latn', 'aze'),
  lang('kk', 'Kazakh', 'Қазақ тілі', 'Cyrl', 'kaz'),
  lang('uz', 'Uzbek', 'Oʻzbekcha', 'Latn', 'uzb'),
  lang('mr', 'Marathi', 'मराठी', 'Deva', 'mar'),
  lang('ne', 'Nepali', 'नेपाली', 'Deva', 'nep'),
  lang('af', 'Afrikaans', 'Afrikaans', 'Latn', 'afr'),
] as const satisfies readonly PhotoLanguage[];

export type PhotoLanguageCode = (typeof PHOTO_LANGUAGES)[number]['code'];
export const PHOTO_LANGUAGE_CODES = PHOTO_LANGUAGES.map((l) => l.code) as [PhotoLanguageCode, ...PhotoLanguageCode[]];

/** How many of the list count as "most used" (the picker's first group). */
export const PHOTO_POPULAR_LANGUAGE_COUNT = 12;

const byCode = new Map<string, PhotoLanguage>(PHOTO_LANGUAGES.map((l) => [l.code, l]));
const byTesseract = new Map<string, PhotoLanguage>(PHOTO_LANGUAGES.map((l) => [l.tesseract, l]));

export function findPhotoLanguage(code: string): PhotoLanguage | undefined {
  return byCode.get(code);
}

/** The language a tesseract code reads (`rus` → Russian). */
export function photoLanguageByTesseract(tesseract: string): PhotoLanguage | undefined {
  return byTesseract.get(tesseract);
}

/**
 * Languages matching a search in the picker: by native name, English name or code, ignoring case
 * and accents ("turk" finds Türkçe), in the list's order.
 */
export function searchPhotoLanguages(query: string): PhotoLanguage[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
  const q = fold(query.trim());
  if (!q) return [...PHOTO_LANGUAGES];
  return PHOTO_LANGUAGES.filter((l) => [l.nativeName, l.name, l.code].some((s) => fold(s).includes(q)));
}
