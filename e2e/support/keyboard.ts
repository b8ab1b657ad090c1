import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only use of a page: Tab until an element has focus, and the path Tab takes through the
 * page with where each stop is drawn, to compare the focus order with what a person sees.
 */

/** Presses Tab until `target` has focus; returns how many presses it took (fails after `max`). */
export async function tabTo(page: Page, target: Locator, max: number): Promise<number> {
  await expect(target, 'the element Tab should reach is on the page').toHaveCount(1);
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`${target} did not get focus within ${max} presses of Tab`);
}

export type FocusStop = {
  /** Where the element sits: before the layout (skip links), the sidebar, the header, the main content. */
  region: 'top' | 'aside' | 'header' | 'main' | 'other';
  name: string;
  top: number;
  bottom: number;
  left: number;
  visible: boolean;
};

/**
 * Tab from where focus is (the top of a page just loaded) until `until` has focus (or `max`
 * presses), recording each stop.
 */
export async function focusPath(page: Page, until: Locator, max: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const rect = el.getBoundingClientRect();
        const region = el.closest('aside')
          ? 'aside'
          : el.closest('header')
            ? 'header'
            : el.closest('main')
              ? 'main'
              : el.closest('[data-skip-link]')
                ? 'top'
                : 'other';
        const style = getComputedStyle(el);
        return {
          region,
          name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 40)}"`,
          top: rect.top,
          bottom: rect.bottom,
          left: rect.left,
          visible: rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0',
        } as const;
      }),
    );
    if (await until.evaluate((el) => el === document.activeElement)) return stops;
  }
  throw new Error(`${until} did not get focus within ${max} presses of Tab`);
}

const REGION_ORDER = ['top', 'aside', 'header', 'main'] as const;

/**
 * The order of the stops against the page as drawn: the skip links, then the sidebar, the header and
 * the main content (the sidebar is the left column, the header tops the right one); inside each, top
 * to bottom, and left to right along a row. Returns each place the order goes back.
 */
export function outOfVisualOrder(stops: FocusStop[]): string[] {
  const problems: string[] = [];
  for (let i = 1; i < stops.length; i += 1) {
    const before = stops[i - 1] as FocusStop;
    const stop = stops[i] as FocusStop;
    const rank = (s: FocusStop) => REGION_ORDER.indexOf(s.region as (typeof REGION_ORDER)[number]);
    if (rank(stop) < 0) problems.push(`${stop.name} is outside the page's regions`);
    else if (rank(stop) < rank(before)) problems.push(`${stop.name} (${stop.region}) comes after ${before.name}`);
    else if (rank(stop) > rank(before) || stop.region === 'top') continue;
    else {
      const middle = (stop.top + stop.bottom) / 2;
      const sameRow = middle >= before.top && middle <= before.bottom;
      if (sameRow ? stop.left <= before.left : stop.top < before.top) {
        problems.push(
          `${stop.name} at (${stop.left}, ${stop.top}) comes after ${before.name} at (${before.left}, ${before.top})`,
        );
      }
    }
  }
  return problems;
}
