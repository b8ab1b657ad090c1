/** The image part of the model catalogue: the shipped file, and every kind of problem listed at once. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogueError, loadCatalogue, parseCatalogue } from '../models/model-catalog.ts';

const chatModel = {
  id: 'gpt-4o-mini',
  provider: 'openai',
  displayName: 'GPT-4o mini',
  description: 'Chat',
  capabilities: { vision: false, reasoning: false },
  tier: 'free',
};

function catalogue(imageModels: unknown[], customProviders: Record<string, unknown> = {}) {
  return { customProviders, models: [chatModel], imageModels };
}

const gptImage = {
  id: 'gpt-image-1',
  provider: 'openai',
  displayName: 'GPT Image 1',
  description: { en: 'Pictures', tr: 'Resimler' },
  tier: 'free',
  capabilities: { edit: true },
  sizes: { '1:1': '1024x1024', '2:3': '1024x1536', '3:2': '1536x1024' },
};

function problemsOf(raw: unknown): string {
  try {
    parseCatalogue(raw, 'test.json');
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogueError);
    return (err as Error).message;
  }
  throw new Error('the catalogue was accepted');
}

describe('image models in the catalogue', () => {
  it('reads the shipped catalogue: OpenAI, Google and xAI image models', () => {
    const shipped = loadCatalogue(resolve(import.meta.dirname, '../../../config/models.json'));
    expect(shipped.imageModels.map((m) => [m.id, m.provider, m.tier, m.capabilities.edit])).toEqual([
      ['gpt-image-1', 'openai', 'free', true],
      ['dall-e-3', 'openai', 'free', false],
      ['gemini-2.5-flash-image', 'google', 'free', true],
      ['grok-imagine-image', 'xai', 'free', true],
    ]);
    const dalle = shipped.imageModels.find((m) => m.id === 'dall-e-3');
    expect(dalle?.aspectRatios).toEqual(['1:1', '16:9', '9:16']);
    expect(dalle?.shape).toEqual({
      kind: 'size',
      sizes: { '1:1': '1024x1024', '16:9': '1792x1024', '9:16': '1024x1792' },
    });
    const gemini = shipped.imageModels.find((m) => m.provider === 'google');
    expect(gemini?.shape).toEqual({ kind: 'aspectRatio' });
    expect(gemini?.aspectRatios).toEqual(['1:1', '3:2', '2:3', '16:9', '9:16']);
  });

  it('orders ratios, defaults the provider model id and edit, and takes custom OpenAI-compatible servers', () => {
    const parsed = parseCatalogue(
      catalogue(
        [
          { ...gptImage, sizes: { '3:2': '1536x1024', '1:1': '1024x1024' } },
          {
            id: 'local-sd',
            provider: 'local',
            providerModelId: 'stable-diffusion',
            displayName: 'Local SD',
            description: 'Local',
            tier: 'pro',
            sizes: { '1:1': '512x512' },
          },
        ],
        { local: { label: 'My GPU', baseURL: 'http://127.0.0.1:8080/v1' } },
      ),
    );
    expect(parsed.imageModels[0]?.aspectRatios).toEqual(['1:1', '3:2']);
    expect(parsed.imageModels[1]).toMatchObject({
      providerModelId: 'stable-diffusion',
      capabilities: { edit: false },
      tier: 'pro',
      aspectRatios: ['1:1'],
      shape: { kind: 'size', sizes: { '1:1': '512x512' } },
    });
  });

  it('is optional: a catalogue without image models has none', () => {
    expect(parseCatalogue({ models: [chatModel] }).imageModels).toEqual([]);
  });

  it('lists every problem of the file at once', () => {
    const message = problemsOf(
      catalogue([
        gptImage,
        gptImage,
        { ...gptImage, id: 'mystery', provider: 'acme' },
        { ...gptImage, id: 'claude-draws', provider: 'anthropic' },
        { ...gptImage, id: 'no-sizes', sizes: undefined, aspectRatios: ['1:1'] },
        { ...gptImage, id: 'swapped', sizes: { '3:2': '1024x1536' } },
        { ...gptImage, id: 'gemini-sizes', provider: 'google', sizes: { '1:1': '1024x1024' } },
        { ...gptImage, id: 'grok-nothing', provider: 'xai', sizes: undefined },
        { ...gptImage, id: 'gpt-4o-mini' },
      ]),
    );
    expect(message).toContain('test.json is not valid');
    expect(message).toContain('image model gpt-image-1 is listed twice');
    expect(message).toContain('image model mystery: unknown provider "acme" (add it to customProviders)');
    expect(message).toContain('image model claude-draws: provider "anthropic" makes no images');
    expect(message).toContain(
      'image model no-sizes: openai takes a pixel size: list "sizes" per ratio, not "aspectRatios"',
    );
    expect(message).toContain('image model no-sizes: openai takes a pixel size: give "sizes"');
    expect(message).toContain('image model swapped: size 1024x1536 is not 3:2');
    expect(message).toContain(
      'image model gemini-sizes: google takes an aspect ratio: list "aspectRatios", not "sizes"',
    );
    expect(message).toContain('image model gemini-sizes: google takes an aspect ratio: give "aspectRatios"');
    expect(message).toContain('image model grok-nothing: xai takes an aspect ratio: give "aspectRatios"');
    expect(message).toContain('image model gpt-4o-mini: a chat model has the same id (ids must differ)');
  });

  it('lists every shape problem with its path', () => {
    const message = problemsOf(
      catalogue([
        { ...gptImage, id: 'bad id!', tier: 'gold', sizes: { '4:3': '1024x768', '1:1': 'big' } },
        {
          ...gptImage,
          id: 'x',
          provider: 'google',
          sizes: undefined,
          aspectRatios: ['5:4'],
          capabilities: { edit: 'yes' },
        },
        { id: 'y', provider: 'openai' },
      ]),
    );
    for (const path of [
      'imageModels.0.id',
      'imageModels.0.tier',
      'imageModels.0.sizes.1:1',
      'imageModels.1.aspectRatios.0',
      'imageModels.1.capabilities.edit',
      'imageModels.2.displayName',
      'imageModels.2.description',
      'imageModels.2.tier',
    ]) {
      expect(message).toContain(`  - ${path}:`);
    }
    expect(message).toContain('  - imageModels.0.sizes: Unrecognized key: "4:3"');
  });
});
