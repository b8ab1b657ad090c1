import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { ImageOptions } from './image-options.tsx';

describe('the image shape choice', () => {
  for (const [locale, names] of [
    ['en', ['Square (1:1)', 'Landscape (3:2)', 'Portrait (2:3)', 'Wide (16:9)', 'Tall (9:16)']],
    ['tr', ['Kare (1:1)', 'Yatay (3:2)', 'Dikey (2:3)', 'Geniş (16:9)', 'Uzun (9:16)']],
  ] as const) {
    it(`names each shape in words beside its ratio (${locale})`, async () => {
      await i18next.changeLanguage(locale);
      renderWithApp(<ImageOptions />, { path: '/image-generator' });
      const shapes = within(screen.getByRole('radiogroup', { name: locale === 'en' ? 'Shape' : 'Biçim' }));
      expect(shapes.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(names);
    });
  }
});
