import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { enMore } from '../../locales/en-more.ts';
import { loadMoreTexts, MORE_NAMESPACES } from './more-texts.ts';

describe('the tools’ texts loaded on demand', () => {
  it('name exactly the namespaces of en-more.ts', () => {
    expect([...MORE_NAMESPACES].sort()).toEqual(Object.keys(enMore).sort());
  });

  it('are loaded in English and Turkish by loadMoreTexts', async () => {
    await loadMoreTexts();
    expect(i18next.getFixedT('en', 'whatsapp')('page.title')).toBe(enMore.whatsapp.page.title);
    await i18next.changeLanguage('tr');
    await loadMoreTexts();
    const title = i18next.getFixedT('tr', 'whatsapp')('page.title');
    expect(title).not.toBe('page.title');
    expect(title).not.toBe(enMore.whatsapp.page.title);
  });
});
