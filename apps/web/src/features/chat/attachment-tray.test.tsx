import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { AttachmentTray } from './attachment-tray.tsx';
import type { Attachment, AttachmentsControl } from './use-attachments.ts';

const IMAGE: Attachment = {
  id: 'a1',
  name: 'cat.png',
  kind: 'image',
  previewUrl: 'data:image/png;base64,',
  status: 'done',
  progress: 1,
};
const PDF: Attachment = {
  id: 'a2',
  name: 'report.pdf',
  kind: 'pdf',
  previewUrl: '',
  status: 'done',
  progress: 1,
  pages: 3,
};

/** The tray only reads the items and calls back; nothing here is called. */
function attached(items: Attachment[]): AttachmentsControl {
  const unused = () => {
    throw new Error('not called in this test');
  };
  return {
    items,
    enabled: true,
    documents: 'on',
    uploading: false,
    add: unused,
    remove: unused,
    documentRead: unused,
    onLocked: unused,
  };
}

describe('the attachments above the message box', () => {
  const cases: [string, Attachment[], { en: string; tr: string }][] = [
    ['images only', [IMAGE], { en: 'Attached images', tr: 'Eklenen görseller' }],
    ['a PDF', [PDF], { en: 'Attached files', tr: 'Eklenen dosyalar' }],
    ['an image and a PDF', [IMAGE, PDF], { en: 'Attached files', tr: 'Eklenen dosyalar' }],
  ];
  for (const [what, items, label] of cases) {
    for (const locale of ['en', 'tr'] as const) {
      it(`are a list named for what it holds: ${what} (${locale})`, async () => {
        await i18next.changeLanguage(locale);
        renderWithApp(<AttachmentTray attachments={attached(items)} />);
        const list = screen.getByRole('list', { name: label[locale] });
        expect(list.querySelectorAll('li')).toHaveLength(items.length);
      });
    }
  }
});
