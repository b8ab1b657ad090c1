import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { enMore } from '../../locales/en-more.ts';
import { tr } from '../../locales/tr.ts';
import { loadMoreTexts } from './more-texts.ts';

const src = resolve(import.meta.dirname, '../..');
/** The tools with texts of their own: a folder features/tools/<tool>/ with a locales/ folder. */
const toolsWithTexts = readdirSync(resolve(src, 'features/tools'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(resolve(src, 'features/tools', entry.name)).includes('locales'))
  .map((entry) => entry.name);
/** The namespaces written in locales/<lang>/ (the first screen's, the features', the lazy admin's). */
const localeFiles = readdirSync(resolve(src, 'locales/en')).map((file) => file.replace(/\.json$/, ''));

describe('the tools’ texts loaded on demand', () => {
  it('are every tool folder’s own texts, under the folder’s name, in English and Turkish', () => {
    expect(toolsWithTexts).toEqual(
      expect.arrayContaining(['horoscope', 'logo-maker', 'photo-translate', 'tattoo-generator', 'web-search']),
    );
    for (const tool of toolsWithTexts) {
      expect(readdirSync(resolve(src, 'features/tools', tool, 'locales')).sort()).toEqual(['en.json', 'tr.json']);
      expect(Object.keys(enMore)).toContain(tool);
      expect(Object.keys(tr)).toContain(tool);
      // A tool's namespace is its own: none of locales/ has its name (it would hide one or the other).
      expect(localeFiles).not.toContain(tool);
    }
  });

  it('are loaded in English and Turkish by loadMoreTexts, the tools’ own among them', async () => {
    await loadMoreTexts();
    for (const ns of Object.keys(enMore)) expect(i18next.hasLoadedNamespace(ns, { lng: 'en' })).toBe(true);
    expect(i18next.getFixedT('en', 'whatsapp')('page.title')).toBe(enMore.whatsapp.page.title);
    expect(i18next.getFixedT('en', 'web-search')('progress.searching')).toBe(
      (enMore['web-search'] as { progress: { searching: string } }).progress.searching,
    );
    await i18next.changeLanguage('tr');
    await loadMoreTexts();
    const title = i18next.getFixedT('tr', 'whatsapp')('page.title');
    expect(title).not.toBe('page.title');
    expect(title).not.toBe(enMore.whatsapp.page.title);
    const searching = i18next.getFixedT('tr', 'web-search')('progress.searching');
    expect(searching).not.toBe('progress.searching');
    expect(searching).not.toBe(i18next.getFixedT('en', 'web-search')('progress.searching'));
  });
});
