import { PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID } from '@polymath/shared';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolRoute } from '../chat/index.ts';
import { createToolRegistry, TOOLS } from './tool-registry.ts';

/** TOOLS with one tool given these routes (in addition to its own). */
function withRoutes(id: string, routes: ToolRoute[]): ToolDefinition<unknown>[] {
  return TOOLS.map((tool) => (tool.id === id ? { ...tool, routes: [...(tool.routes ?? []), ...routes] } : tool));
}
const route = (path: ToolRoute['path']): ToolRoute => ({ path, create: () => new Hono() });

describe('createToolRegistry', () => {
  it("gathers the tools' image kinds: the logo maker's text logos and photo translate's translations", () => {
    const { imageKinds } = createToolRegistry();
    expect([...imageKinds.ids].sort()).toEqual([PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID].sort());
    expect(imageKinds.get(TEXT_LOGO_MODEL_ID)?.modelName({} as never)).toBe('Text logo (rendered by Polymath)');
  });

  it("gathers the tools' routes (the photo uploads with their own body limit, the horoscope's sky) and jobs", () => {
    const { routes, jobs } = createToolRegistry();
    expect(routes.map((r) => [r.path, r.ownBodyLimit ?? false]).sort()).toEqual([
      ['/api/horoscope', false],
      ['/api/photo-translate/photos', true],
      ['/api/tattoo/photos', true],
    ]);
    expect(jobs({} as never).map((job) => job.name)).toEqual(['photo-translate']);
  });

  it('refuses at boot a path two tools claim, or one inside another, or one outside /api/', () => {
    expect(() => createToolRegistry(withRoutes('web-search', [route('/api/tattoo/photos')]))).toThrow(
      'tool web-search: route /api/tattoo/photos clashes with /api/tattoo/photos of tool tattoo-generator',
    );
    expect(() => createToolRegistry(withRoutes('logo-maker', [route('/api/horoscope/logos')]))).toThrow(
      'clashes with /api/horoscope of tool horoscope',
    );
    expect(() => createToolRegistry(withRoutes('web-main', [route('/api/tattoo')]))).toThrow(
      'tool tattoo-generator: route /api/tattoo/photos clashes with /api/tattoo of tool web-main',
    );
    expect(() => createToolRegistry(withRoutes('logo-maker', [route('/api/logos/:id')]))).toThrow(
      'is not a plain path under /api/',
    );
    expect(() => createToolRegistry(withRoutes('logo-maker', [route('/apix' as ToolRoute['path'])]))).toThrow(
      'is not a plain path under /api/',
    );
    // Two paths that only share a beginning are two paths.
    expect(() => createToolRegistry(withRoutes('logo-maker', [route('/api/tattoo/photos-old')]))).not.toThrow();
  });
});
