import { describe, expect, it } from 'vitest';
import {
  findPhotoLanguage,
  PHOTO_LANGUAGES,
  PHOTO_POPULAR_LANGUAGE_COUNT,
  photoLanguageByTesseract,
  searchPhotoLanguages,
} from './photo-languages.ts';
import { photoTranslateRequestSchema } from './photo-translate.schema.ts';

describe('photo translate languages', () => {
  it('offers at least 40 languages (spec: 40+), each once, with a native name and a tesseract code', () => {
    expect(PHOTO_LANGUAGES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PHOTO_LANGUAGES.map((l) => l.code)).size).toBe(PHOTO_LANGUAGES.length);
    expect(new Set(PHOTO_LANGUAGES.map((l) => l.tesseract)).size).toBe(PHOTO_LANGUAGES.length);
    for (const l of PHOTO_LANGUAGES) {
      expect(l.nativeName.trim()).not.toBe('');
      expect(l.tesseract).toMatch(/^[a-z]{3}(_[a-z]+)?$/);
      expect(Intl.getCanonicalLocales(l.code)[0]).toBe(l.code);
    }
    expect(PHOTO_POPULAR_LANGUAGE_COUNT).toBeLessThan(PHOTO_LANGUAGES.length);
  });

  it('marks exactly the Arabic- and Hebrew-script languages right-to-left', () => {
    expect(
      PHOTO_LANGUAGES.filter((l) => l.rtl)
        .map((l) => l.code)
        .sort(),
    ).toEqual(['ar', 'fa', 'he', 'ur']);
  });

  it('finds languages by native name, English name or code, ignoring case and accents', () => {
    expect(searchPhotoLanguages('turk').map((l) => l.code)).toEqual(['tr']);
    expect(searchPhotoLanguages('TÜRKÇE').map((l) => l.code)).toEqual(['tr']);
    expect(searchPhotoLanguages('русский').map((l) => l.code)).toEqual(['ru']);
    expect(searchPhotoLanguages('chinese').map((l) => l.code)).toEqual(['zh-Hans', 'zh-Hant']);
    expect(searchPhotoLanguages('  ')).toHaveLength(PHOTO_LANGUAGES.length);
    expect(findPhotoLanguage('de')?.nativeName).toBe('Deutsch');
    expect(photoLanguageByTesseract('rus')?.code).toBe('ru');
  });

  it('validates a request: a listed target, the source auto by default or a listed code', () => {
    expect(photoTranslateRequestSchema.parse({ target: 'tr' })).toEqual({ target: 'tr', source: 'auto' });
    expect(photoTranslateRequestSchema.parse({ target: 'ar', source: 'en' })).toEqual({ target: 'ar', source: 'en' });
    for (const bad of [{}, { target: 'xx' }, { target: 'tr', source: 'klingon' }, { target: 'tr', extra: 1 }]) {
      expect(photoTranslateRequestSchema.safeParse(bad).success).toBe(false);
    }
  });
});
