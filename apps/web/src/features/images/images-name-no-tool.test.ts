/**
 * The web's images feature names no tool (issue 27, part 3), as the server's does: which tools make
 * images, their order in the gallery and whether an empty gallery suggests them come from the shared
 * catalogue (`makesImages`), a tool's name from its texts. Biome's import rules keep features/images
 * from importing a tool; this keeps it from naming one. Its test files and test helpers (`testing/`)
 * may name tools, as they make images of particular tools.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_TOOL_IDS, PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID } from '@polymath/shared';
import { describe, expect, it } from 'vitest';

const FOLDER = import.meta.dirname;
const sources = readdirSync(FOLDER, { recursive: true, encoding: 'utf8' }).filter(
  (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('testing'),
);

describe('features/images', () => {
  it('has sources to look at', () => {
    expect(sources).toContain('gallery.tsx');
    expect(sources).toContain('image-display.ts');
  });

  it.each(sources)('%s names no tool and no kind a tool contributes', (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    for (const id of [...CHAT_TOOL_IDS, TEXT_LOGO_MODEL_ID, PHOTO_TRANSLATE_MODEL_ID]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/TEXT_LOGO_MODEL_ID|PHOTO_TRANSLATE_MODEL_ID|tools\//);
  });
});
