import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on a page as it is, judged the same way by every spec: a violation of impact "serious"
 * or "critical" fails (contrast, names, labels, ARIA misuse).
 *
 * - Legacy mode runs axe inside the page itself; the default opens an extra page per scan to merge
 *   frame results, which doubles the time and gains nothing here (the app has no iframes).
 * - `resultTypes: ['violations']`: axe still runs every rule, but builds a selector for at most one
 *   node of each rule that passed, was inapplicable or incomplete. Those selectors were most of a
 *   scan's tail on a page with hundreds of text nodes (every contrast check that passed), and no
 *   spec reads them; the violations keep every node.
 */
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export async function scanPage(page: Page, rules: Record<string, { enabled: boolean }> = {}): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules })
    .analyze();
}

/** The serious and critical violations, each with up to eight of its elements and why. */
export function describeSerious(results: AxeResults): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    });
}

export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const described = describeSerious(await scanPage(page));
  expect(described, `${where}: accessibility violations\n\n${described.join('\n\n')}`).toEqual([]);
}
