/**
 * The app layer names no tool (issue 27): a tool's HTTP routes, its jobs, its kinds of image and its
 * files to delete come from its ToolDefinition through the tool registry, so app.ts and app-jobs.ts
 * mount and start whatever the registry holds. Biome can stop an import only where a rule forbids
 * it, and the app layer may import anything; this keeps it from importing or naming a tool.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_TOOL_IDS } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from './features/tools/tool-registry.ts';

const FOLDER = import.meta.dirname;
const registry = createToolRegistry();
const routePaths = registry.routes.map((route) => route.path);
const jobNames = registry.jobs({} as never).map((job) => job.name);
/**
 * Tool ids that are also the name of a platform feature: WhatsApp is a tool (its chat page) and the
 * channel (features/whatsapp: the webhook, linking a number), which the app mounts as a feature.
 */
const ALSO_A_FEATURE = CHAT_TOOL_IDS.filter((id) => existsSync(join(FOLDER, 'features', id)));

describe('the app layer', () => {
  it('has tools that contribute routes and jobs (or this test would prove nothing)', () => {
    expect(routePaths).toEqual(expect.arrayContaining(['/api/tattoo/photos', '/api/photo-translate/photos']));
    expect(jobNames).toContain('photo-translate');
    expect(ALSO_A_FEATURE).toEqual(['whatsapp']);
  });

  it.each(['app.ts', 'app-jobs.ts'])('%s imports no tool and names none, nor its routes or jobs', (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    // Only the registry of tools, never a tool's own folder.
    expect(text).not.toMatch(/features\/tools\/(?!tool-registry\.ts)/);
    for (const id of CHAT_TOOL_IDS.filter((id) => !ALSO_A_FEATURE.includes(id))) expect(text).not.toContain(id);
    for (const path of routePaths) expect(text).not.toContain(path);
    for (const job of jobNames) expect(text).not.toContain(`'${job}'`);
  });
});
