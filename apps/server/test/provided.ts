import { inject, type ProvidedContext } from 'vitest';

/** A value global-setup.ts provided, or undefined when this file runs without it (another config). */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}
