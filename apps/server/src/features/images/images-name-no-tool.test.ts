/**
 * The images platform names no tool (issue 27, part 3): what is particular to a tool's images comes
 * from the kinds the tools contribute (image-kinds.ts), never from a tool id or a kind's id written here.
 * Biome's import rules keep features/images from importing a tool; this keeps it from naming one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_TOOL_IDS, PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID } from '@polymath/shared';
import { describe, expect, it } from 'vitest';

const FOLDER = import.meta.dirname;
const sources = readdirSync(FOLDER, { recursive: true, encoding: 'utf8' }).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('features/images', () => {
  it.each(sources)('%s names no tool and no kind a tool contributes', (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    for (const id of [...CHAT_TOOL_IDS, TEXT_LOGO_MODEL_ID, PHOTO_TRANSLATE_MODEL_ID]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/TEXT_LOGO_MODEL_ID|PHOTO_TRANSLATE_MODEL_ID|tools\//);
  });
});
