import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_TOOL_SETTINGS } from '../tools/tool-catalogue.ts';
import { modelForPlan, modelNotInPlan, planIncludes } from './model-for-plan.ts';

type M = { id: string; tier: 'free' | 'pro'; available: boolean; vision?: boolean };
const model = (id: string, tier: 'free' | 'pro', available = true, vision = false): M => ({
  id,
  tier,
  available,
  vision,
});

/** The shape of the shipped catalogue: a free default first, web search's default a Pro model. */
const catalogue: M[] = [
  model('gpt-4o-mini', 'free', true, true),
  model('gpt-4o', 'pro', true, true),
  model('gpt-4.1', 'pro'),
  model('claude-3-5-haiku-latest', 'free'),
];
const webSearchDefault = DEFAULT_CHAT_TOOL_SETTINGS['web-search'].modelName;

describe('the model that answers for a plan', () => {
  it("web search's default (gpt-4.1, spec §3) answers for Pro; without Pro the catalogue's default answers", () => {
    expect(webSearchDefault).toBe('gpt-4.1');
    const args = { wanted: webSearchDefault, defaultModelId: 'gpt-4o-mini' };
    expect(modelForPlan(catalogue, { ...args, plan: 'pro' })?.id).toBe('gpt-4.1');
    expect(modelForPlan(catalogue, { ...args, plan: 'free' })?.id).toBe('gpt-4o-mini');
    // And the page can say why: the default is there, configured, and not on the free plan.
    expect(modelNotInPlan(catalogue, webSearchDefault, 'free')?.id).toBe('gpt-4.1');
    expect(modelNotInPlan(catalogue, webSearchDefault, 'pro')).toBeUndefined();
  });

  it('a free model asked for answers on either plan', () => {
    for (const plan of ['free', 'pro'] as const) {
      expect(
        modelForPlan(catalogue, { wanted: 'claude-3-5-haiku-latest', defaultModelId: 'gpt-4o-mini', plan })?.id,
      ).toBe('claude-3-5-haiku-latest');
    }
    expect(modelNotInPlan(catalogue, 'claude-3-5-haiku-latest', 'free')).toBeUndefined();
  });

  it('a model whose provider is not configured never answers, and is not "for Pro" either', () => {
    const unconfigured = [model('gpt-4.1', 'pro', false), model('claude-3-5-haiku-latest', 'free')];
    for (const plan of ['free', 'pro'] as const) {
      expect(modelForPlan(unconfigured, { wanted: 'gpt-4.1', defaultModelId: null, plan })?.id).toBe(
        'claude-3-5-haiku-latest',
      );
    }
    expect(modelNotInPlan(unconfigured, 'gpt-4.1', 'free')).toBeUndefined();
  });

  it('falls back to the first model the plan includes when the default is not usable, and to none when none is', () => {
    const proOnly = [model('gpt-4o', 'pro'), model('gpt-4.1', 'pro')];
    expect(modelForPlan(proOnly, { wanted: 'gpt-4.1', defaultModelId: 'gpt-4o', plan: 'free' })).toBeUndefined();
    const args = { wanted: 'gone', defaultModelId: 'gpt-4o', plan: 'free' as const };
    expect(modelForPlan(catalogue, args)?.id).toBe('gpt-4o-mini');
  });

  it('`accepts` narrows the choice (a picture needs a model that reads images)', () => {
    const sees = (m: M) => m.vision === true;
    const wanted = 'claude-3-5-haiku-latest';
    expect(modelForPlan(catalogue, { wanted, defaultModelId: null, plan: 'pro', accepts: sees })?.id).toBe(
      'gpt-4o-mini',
    );
  });

  it('planIncludes: available, and free or Pro', () => {
    expect(planIncludes(model('a', 'pro'), 'free')).toBe(false);
    expect(planIncludes(model('a', 'pro'), 'pro')).toBe(true);
    expect(planIncludes(model('a', 'free', false), 'pro')).toBe(false);
  });
});
