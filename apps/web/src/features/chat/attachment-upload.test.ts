import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENTS_PER_MESSAGE } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment-upload.ts';

describe('checkAttachment', () => {
  it('accepts the supported image types up to the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(checkAttachment({ type, size: 1000 }, 0)).toBeNull();
    }
    expect(checkAttachment({ type: 'image/png', size: CHAT_ATTACHMENT_MAX_BYTES }, 0)).toBeNull();
  });

  it('refuses other types, bigger files and one image too many', () => {
    expect(checkAttachment({ type: 'application/pdf', size: 10 }, 0)).toBe('type');
    expect(checkAttachment({ type: 'image/svg+xml', size: 10 }, 0)).toBe('type');
    expect(checkAttachment({ type: 'image/png', size: CHAT_ATTACHMENT_MAX_BYTES + 1 }, 0)).toBe('tooLarge');
    expect(checkAttachment({ type: 'image/png', size: 10 }, CHAT_ATTACHMENTS_PER_MESSAGE)).toBe('tooMany');
  });
});
