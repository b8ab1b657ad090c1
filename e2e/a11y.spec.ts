import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { PUBLIC_ROUTES, type RouteCase, SIGNED_IN_ROUTES } from './support/routes.ts';

/**
 * axe-core on every route, in both themes: no violation of impact "serious" or "critical"
 * (contrast, names, labels, ARIA misuse). The failure message lists each violation and its elements.
 */
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describeViolations(violations: Violation[]): string[] {
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 8)
      .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      .join('\n');
    const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
    return `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
  });
}

/**
 * Legacy mode runs axe inside the page itself; the default opens an extra page per scan to merge
 * frame results, which doubles the time and gains nothing here (the app has no iframes).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return describeViolations(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const described = await seriousViolations(page);
  expect(described, `${where}: accessibility violations\n\n${described.join('\n\n')}`).toEqual([]);
}

/** Scans each route in one page; every route is checked and reported, then the test fails if any had one. */
async function scanRoutes(page: Page, routes: RouteCase[], theme: string): Promise<void> {
  for (const route of routes) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(route.heading('en'));
      const described = await seriousViolations(page);
      expect
        .soft(described, `${route.path} (${theme}): accessibility violations\n\n${described.join('\n\n')}`)
        .toEqual([]);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ storage: { [STORAGE_KEYS.theme]: theme } });

    test('the public routes have no serious accessibility violation', async ({ page }) => {
      test.setTimeout(90_000);
      await scanRoutes(page, PUBLIC_ROUTES, theme);
    });

    test('the signed-in routes have no serious accessibility violation', async ({ page, signIn }) => {
      test.setTimeout(60_000);
      await signIn();
      await scanRoutes(page, SIGNED_IN_ROUTES, theme);
    });

    test('the open dialogs have no serious accessibility violation', async ({ page }) => {
      await page.goto('/web-main');
      await page.getByTestId('orientation-hint').getByRole('button').click();

      await page.getByTestId('open-whatsapp').click();
      await expect(page.getByTestId('whatsapp-dialog')).toBeVisible();
      await expect(
        page.getByTestId('whatsapp-dialog').getByRole('button', { name: t('en', 'whatsapp:signIn.action') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `WhatsApp dialog (${theme})`);
      await page.keyboard.press('Escape');

      await page
        .getByRole('complementary')
        .getByRole('button', { name: t('en', 'upgrade.cta') })
        .click();
      await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `upgrade dialog (${theme})`);
      await page.keyboard.press('Escape');

      await page.locator('#chat-input').fill('Hello');
      await page.locator('#chat-input').press('Enter');
      await expect(page.getByTestId('auth-dialog')).toBeVisible();
      await page
        .getByTestId('auth-dialog')
        .getByRole('button', { name: t('en', 'auth.signIn'), exact: true })
        .click();
      await expect(page.getByTestId('auth-dialog').getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, `auth dialog with errors (${theme})`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const path of ['/web-main', '/settings/account', '/sign-up']) {
    test(`${path} has no serious accessibility violation`, async ({ page, signIn }) => {
      if (path.startsWith('/settings')) await signIn();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${path} (phone)`);
      if (path === '/web-main') {
        await page.getByTestId('open-menu').tap();
        await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
        await expectNoSeriousViolations(page, `${path} menu drawer (phone)`);
      }
    });
  }
});
