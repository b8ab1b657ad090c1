import { describe, expect, it, vi } from 'vitest';

describe('schemas in the browser', () => {
  it('never call Function (eval) when parsing, which the CSP would block and report', async () => {
    // A fresh module graph, loaded in main.tsx's order: this module first, then the shared schemas.
    vi.resetModules();
    const spy = vi.spyOn(globalThis, 'Function');
    await import('./no-eval.ts');
    const { signUpSchema, updateProfileSchema } = await import('@polymath/shared');
    signUpSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'x', confirmPassword: 'x' });
    updateProfileSchema.safeParse({ displayName: 'Ada' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
