import { expect, type Page } from '@playwright/test';

/**
 * Elements a phone visitor cannot reach: sticking out of the viewport sideways. Intended sideways
 * scrollers (overflow-x auto/scroll, e.g. the settings tabs) and visually hidden text are fine.
 */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const offenders: string[] = [];
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'auto' || ox === 'scroll') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || (style.position === 'absolute' && style.clip !== 'auto')) continue;
      if (el.closest('.sr-only') || inScroller(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')}`;
      offenders.push(
        `${name} [${Math.round(rect.left)}..${Math.round(rect.right)}] "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      offenders: offenders.slice(0, 10),
    };
  });
}

/** The page does not scroll sideways and nothing sticks out of the screen (see sidewaysOverflow). */
export async function expectNoSidewaysOverflow(page: Page, where: string): Promise<void> {
  const result = await sidewaysOverflow(page);
  expect(result.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(result.innerWidth);
  expect(result.offenders, `${where}: elements stick out of the screen`).toEqual([]);
}
