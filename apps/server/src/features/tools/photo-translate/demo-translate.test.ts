import { findPhotoLanguage, type PhotoLanguage } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_LABEL, demoTranslate } from './demo-translate.ts';

const lang = (code: string) => findPhotoLanguage(code) as PhotoLanguage;

describe('demoTranslate', () => {
  it('labels every region, swaps the words it knows and keeps numbers and line breaks', async () => {
    const out = await demoTranslate(
      [
        { id: 's1', text: 'EXIT\nOpen today 9:00' },
        { id: 's2', text: 'Coffee 3.50' },
      ],
      { source: lang('en'), target: lang('tr') },
    );
    expect(out).toEqual({ s1: `${DEMO_LABEL} ÇIKIŞ\nAçık bugün 9:00`, s2: `${DEMO_LABEL} Kahve 3.50` });
  });

  it('reads Chinese without spaces and writes Arabic and Japanese', async () => {
    const out = await demoTranslate([{ id: 'a', text: '欢迎来到博物馆' }], { source: null, target: lang('ar') });
    expect(out.a).toBe(`${DEMO_LABEL} أهلا 来到博物馆`);
    const ja = await demoTranslate([{ id: 'b', text: 'Welcome' }], { source: null, target: lang('ja') });
    expect(ja.b).toBe(`${DEMO_LABEL} ようこそ`);
  });

  it('keeps words it does not know, for any target, and gives the same answer every time', async () => {
    const segments = [{ id: 's1', text: 'Quarterly report\nhello world' }];
    const a = await demoTranslate(segments, { source: null, target: lang('sv') });
    const b = await demoTranslate(segments, { source: null, target: lang('sv') });
    expect(a).toEqual({ s1: `${DEMO_LABEL} Quarterly report\nhello world` });
    expect(b).toEqual(a);
  });
});
