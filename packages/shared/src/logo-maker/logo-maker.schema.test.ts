import { describe, expect, it } from 'vitest';
import { logoMakerInputSchema, TEXT_LOGO_SCRIPT_MESSAGE, textLogoCanDraw } from './logo-maker.schema.ts';

describe('text logos draw only the scripts their fonts have', () => {
  it('takes Latin with Turkish letters, Cyrillic, Greek, digits and punctuation', () => {
    for (const name of ['Kahve Dünyası', 'İĞŞÇÖÜ ığşçöü', 'Москва', 'Αθήνα', 'R2-D2 & Co.', '']) {
      expect(textLogoCanDraw(name), name).toBe(true);
    }
  });

  it('refuses Arabic, Hebrew and CJK names in text mode with a message that says what to do; graphic mode takes them', () => {
    for (const brandName of ['قهوة', 'שלום', '咖啡馆', 'Café 東京']) {
      const text = logoMakerInputSchema.safeParse({ mode: 'text', brandName });
      expect(text.success, brandName).toBe(false);
      expect(text.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['brandName', TEXT_LOGO_SCRIPT_MESSAGE],
      ]);
      expect(logoMakerInputSchema.safeParse({ mode: 'graphic', brandName }).success, brandName).toBe(true);
    }
    const tagline = logoMakerInputSchema.safeParse({ mode: 'text', brandName: 'Nimbus', tagline: 'سحابة' });
    expect(tagline.error?.issues.map((i) => i.path.join('.'))).toEqual(['tagline']);
  });
});
