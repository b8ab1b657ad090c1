import { DEFAULT_THEME, STORAGE_KEYS, THEME_COLORS, type Theme } from '@polymath/shared';
import { readStorage, writeStorage } from '../storage/local-storage.ts';

export function readTheme(): Theme {
  const saved = readStorage(STORAGE_KEYS.theme);
  return saved === 'dark' || saved === 'light' ? saved : DEFAULT_THEME;
}

/** Spec §4: a class on the root element and the browser's theme-color follow the theme. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = THEME_COLORS[theme];
}

export function saveTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}
