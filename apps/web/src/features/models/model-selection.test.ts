import type { PublicModel } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { groupByProvider, isModelLocked, resolveModel } from './model-selection.ts';

function model(id: string, over: Partial<PublicModel> = {}): PublicModel {
  return {
    id,
    provider: 'openai',
    providerLabel: 'OpenAI',
    displayName: id,
    description: '',
    examples: [],
    capabilities: { vision: false, reasoning: false },
    tier: 'free',
    available: true,
    demo: false,
    ...over,
  };
}

const mini = model('gpt-4o-mini');
const gpt4o = model('gpt-4o', { tier: 'pro', capabilities: { vision: true, reasoning: false } });
const haiku = model('claude-3-5-haiku-latest', { provider: 'anthropic', providerLabel: 'Anthropic' });
const sonnet = model('claude-3-5-sonnet-latest', {
  provider: 'anthropic',
  providerLabel: 'Anthropic',
  available: false,
});
const demo = model('demo', { provider: 'demo', providerLabel: 'Demo', demo: true });

describe('resolveModel', () => {
  it('keeps the stored choice while it can be used', () => {
    expect(resolveModel([mini, haiku], 'claude-3-5-haiku-latest', 'gpt-4o-mini', false)).toBe(haiku);
    expect(resolveModel([mini, gpt4o], 'gpt-4o', 'gpt-4o-mini', true)).toBe(gpt4o);
  });

  it("uses the server's default when the stored model is missing", () => {
    expect(resolveModel([demo, mini], 'gone-model', 'demo', false)).toBe(demo);
    expect(resolveModel([demo, mini], undefined, 'demo', false)).toBe(demo);
  });

  it("uses the server's default when the stored model is not configured", () => {
    expect(resolveModel([mini, sonnet, haiku], 'claude-3-5-sonnet-latest', 'claude-3-5-haiku-latest', false)).toBe(
      haiku,
    );
  });

  it('does not keep a Pro model for someone who is not Pro', () => {
    expect(resolveModel([gpt4o, mini], 'gpt-4o', 'gpt-4o-mini', false)).toBe(mini);
  });

  it('falls back on the first usable model when the default cannot be used either', () => {
    expect(resolveModel([sonnet, haiku], 'gone', 'claude-3-5-sonnet-latest', false)).toBe(haiku);
    expect(resolveModel([sonnet, haiku], 'gone', null, false)).toBe(haiku);
  });

  it('still names a model when none can be used', () => {
    expect(resolveModel([sonnet], 'claude-3-5-sonnet-latest', null, false)).toBe(sonnet);
    expect(resolveModel([], 'gpt-4o-mini', null, false)).toBeUndefined();
  });
});

describe('model helpers', () => {
  it('locks Pro models unless the person is Pro', () => {
    expect(isModelLocked(gpt4o, false)).toBe(true);
    expect(isModelLocked(gpt4o, true)).toBe(false);
    expect(isModelLocked(mini, false)).toBe(false);
  });

  it('groups by provider in catalogue order', () => {
    const groups = groupByProvider([mini, haiku, gpt4o, sonnet]);
    expect(groups.map((g) => [g.label, g.models.map((m) => m.id)])).toEqual([
      ['OpenAI', ['gpt-4o-mini', 'gpt-4o']],
      ['Anthropic', ['claude-3-5-haiku-latest', 'claude-3-5-sonnet-latest']],
    ]);
  });
});
