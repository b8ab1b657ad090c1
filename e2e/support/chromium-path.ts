import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive (Playwright cannot download its own browser here): CHROMIUM_PATH
 * when set, else the first of these Debian packages that is installed. chromium-headless-shell is the
 * old headless shell Playwright itself runs headless tests in: the same Blink and V8 without the
 * desktop browser around them, and the whole browser suite took 259 s in it against 355 s in the full
 * `chromium` on the same machine, every test passing in both (issue 33, decision 026 point 19).
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/** The path to launch, or undefined when none is installed (scripts/check-chromium.mjs says what to do). */
export function chromiumPath(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH?.trim();
  if (chosen) return existsSync(chosen) ? chosen : undefined;
  return DEBIAN_CHROMIUMS.find((path) => existsSync(path));
}
