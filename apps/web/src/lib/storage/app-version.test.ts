import { APP_VERSION } from '@polymath/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { enforceAppVersion } from './app-version.ts';

describe('enforceAppVersion', () => {
  beforeEach(() => localStorage.clear());

  it('clears everything and writes the version when the stored one differs', () => {
    localStorage.setItem('app_version', '6');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('persist:root', '{}');
    expect(enforceAppVersion(localStorage)).toBe(true);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('app_version')).toBe(String(APP_VERSION));
  });

  it('clears a first visit with leftovers and no version', () => {
    localStorage.setItem('junk', 'x');
    expect(enforceAppVersion(localStorage)).toBe(true);
    expect(localStorage.getItem('junk')).toBeNull();
    expect(localStorage.getItem('app_version')).toBe('7');
  });

  it('keeps storage when the version matches', () => {
    localStorage.setItem('app_version', '7');
    localStorage.setItem('theme', 'dark');
    expect(enforceAppVersion(localStorage)).toBe(false);
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe("index.html's theme script", () => {
  it('checks the same app version as the app', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    // jsdom gives import.meta.url an http scheme, so the path is built from the directory instead.
    const page = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    expect(page).toContain(`localStorage.getItem('app_version') === '${APP_VERSION}'`);
  });
});
