/**
 * Images attached long ago are referred to, not sent again (decision 027): only the newest
 * IMAGE_WINDOW messages' images go to a model that sees as their bytes; older ones, and every image
 * for a model that does not see, become a line that names them.
 */
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { IMAGE_WINDOW, partsForModel, type Row } from './turn-context.ts';

const bytes = new Uint8Array([82, 73, 70, 70]);
const reads: string[] = [];
/** A file store that holds every attachment, and says which it was asked for. */
const files = {
  async get(key: string) {
    reads.push(key);
    return bytes;
  },
} as unknown as FileStore;

const image = {
  type: 'file',
  mediaType: 'image/webp',
  url: '/api/files/attachments/abcdefghijklmnopqrstuv.webp',
  filename: 'harbour.webp',
} as const;
const row = (role: 'user' | 'assistant', parts: unknown[]): Row => ({
  id: 'm1',
  seq: 1,
  role,
  parts: parts as UIMessage['parts'],
  size: null,
});
const question = row('user', [image, { type: 'text', text: 'What is in this picture?' }]);

describe('the image window', () => {
  it('sends an image in the newest messages as its bytes', async () => {
    reads.length = 0;
    for (const fromNewest of [0, IMAGE_WINDOW - 1]) {
      const parts = await partsForModel(files, 'user-1', question, fromNewest, true);
      expect(parts[0]).toEqual({ type: 'file', mediaType: 'image/webp', url: 'data:image/webp;base64,UklGRg==' });
      expect(parts[1]).toEqual({ type: 'text', text: 'What is in this picture?' });
    }
    expect(reads).toHaveLength(2);
    for (const key of reads) expect(key).toMatch(/^attachments\/[^/]+\/abcdefghijklmnopqrstuv\.webp$/);
  });

  it('refers to an image beyond the window by name, without reading it again', async () => {
    reads.length = 0;
    for (const fromNewest of [IMAGE_WINDOW, IMAGE_WINDOW + 40]) {
      const parts = await partsForModel(files, 'user-1', question, fromNewest, true);
      expect(parts).toEqual([
        { type: 'text', text: '[The person attached an image here (harbour.webp); it is not shown again.]' },
        { type: 'text', text: 'What is in this picture?' },
      ]);
    }
    expect(reads).toEqual([]);
  });

  it('names every image for a model that does not see, and every PDF', async () => {
    reads.length = 0;
    const blind = await partsForModel(files, 'user-1', question, 0, false);
    expect(blind[0]).toEqual({
      type: 'text',
      text: '[The person attached an image here (harbour.webp); it is not shown again.]',
    });
    const pdf = row('user', [
      { type: 'file', mediaType: 'application/pdf', url: '/api/documents/d1/file', filename: 'report.pdf' },
    ]);
    expect(await partsForModel(files, 'user-1', pdf, 0, true)).toEqual([
      { type: 'text', text: '[The person attached the PDF "report.pdf" here.]' },
    ]);
    expect(reads).toEqual([]);
  });
});
