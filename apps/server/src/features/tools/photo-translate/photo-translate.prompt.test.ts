import { findPhotoLanguage, type PhotoLanguage } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { buildPhotoTranslationPrompt, photoTranslationSchema, translationsById } from './photo-translate.prompt.ts';

const lang = (code: string) => findPhotoLanguage(code) as PhotoLanguage;
const segments = [
  { id: 's1', text: 'Welcome\nto the museum' },
  { id: 's2', text: 'Open 9:00–17:00' },
];

describe('photo translation prompt', () => {
  it('names both languages, the rules and every region with its id', () => {
    const { system, prompt } = buildPhotoTranslationPrompt({ segments, source: lang('en'), target: lang('tr') });
    expect(system).toContain('from English (en) into Turkish (tr)');
    expect(system).toMatch(/line breaks/);
    expect(system).toMatch(/numbers, prices/);
    expect(system).toMatch(/same words the same way/);
    expect(JSON.parse(prompt.slice(prompt.indexOf('[')))).toEqual(segments);
  });

  it('asks the model to detect the source when it is not known', () => {
    const { system } = buildPhotoTranslationPrompt({ segments, source: null, target: lang('ar') });
    expect(system).toContain('from the language it is written in (detect it) into Arabic (ar)');
  });

  it('takes the structured answer as id → text, only for the ids asked about', () => {
    const answer = photoTranslationSchema.parse({
      translations: [
        { id: 's2', text: 'Açık 9:00–17:00' },
        { id: 's1', text: 'Hoş geldiniz\nmüzeye' },
        { id: 's9', text: 'invented' },
        { id: 's1', text: 'a second answer' },
      ],
    });
    expect(translationsById(answer, segments)).toEqual({ s1: 'Hoş geldiniz\nmüzeye', s2: 'Açık 9:00–17:00' });
    expect(photoTranslationSchema.safeParse({ translations: [{ id: 's1' }] }).success).toBe(false);
  });
});
