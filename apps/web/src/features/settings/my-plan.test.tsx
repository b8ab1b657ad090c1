import type { Profile, Subscription } from '@polymath/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n.ts';
import { createTestStore, TEST_PROFILE } from '../../test/test-store.ts';
import { MyPlan } from './my-plan.tsx';

vi.mock('../billing/redirect.ts', () => ({ redirectTo: vi.fn() }));

const free = TEST_PROFILE;
const pro: Profile = { ...free, accessLevel: 'pro', plan: 'pro' };

// Midday UTC, so the date is the same in every time zone the tests may run in.
const PERIOD_END = '2026-04-15T12:00:00.000Z';
const active: Subscription = {
  provider: 'sandbox',
  period: 'monthly',
  status: 'active',
  amount: 999,
  currency: 'usd',
  currentPeriodEnd: PERIOD_END,
  cancelAtPeriodEnd: false,
  entitled: true,
};

/** /api/billing/subscription, /cancel, /resume over one in-memory record; /api/me answers the profile. */
function stubApi(initial: Subscription | null, profile: Profile) {
  let subscription = initial;
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const { pathname } = new URL(input.url);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (input.method === 'POST') posts.push(pathname);
      if (pathname === '/api/me') return json(profile);
      if (pathname === '/api/billing/subscription') return json({ subscription });
      if (pathname === '/api/billing/cancel' && subscription) {
        subscription = { ...subscription, cancelAtPeriodEnd: true };
        return json({ subscription });
      }
      if (pathname === '/api/billing/resume' && subscription) {
        subscription = { ...subscription, cancelAtPeriodEnd: false };
        return json({ subscription });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    }),
  );
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  return posts;
}

function renderMyPlan(profile: Profile) {
  const store = createTestStore(profile);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <MyPlan />
      </MemoryRouter>
    </Provider>,
  );
}

beforeAll(() => {
  initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18next.changeLanguage('en');
});

describe('MyPlan', () => {
  it('shows a free user the Free plan and the way to Pro', async () => {
    stubApi(null, free);
    renderMyPlan(free);
    expect(await screen.findByText('For trying Polymath.')).toBeTruthy();
    expect(screen.getByTestId('current-plan').textContent).toBe('Free');
    expect(screen.getByTestId('upgrade-to-pro').getAttribute('href')).toBe('/payment');
    expect(screen.queryByTestId('manage-subscription')).toBeNull();
  });

  it('shows the plan, its price and when it renews', async () => {
    stubApi(active, pro);
    renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe('Renews on April 15, 2026');
    expect(screen.getByTestId('current-plan').textContent).toBe('Pro');
    expect(screen.getByText('· Monthly')).toBeTruthy();
    expect(screen.getByTestId('my-plan-price').textContent).toBe('$9.99 per month');
    expect(screen.getByTestId('manage-subscription')).toBeTruthy();
    expect(screen.getByTestId('cancel-subscription')).toBeTruthy();
    expect(screen.queryByTestId('resume-subscription')).toBeNull();
    expect(screen.queryByTestId('upgrade-to-pro')).toBeNull();
  });

  it('cancels after a confirmation that says until when Pro stays, then offers to resume', async () => {
    const posts = stubApi(active, pro);
    renderMyPlan(pro);
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    const dialog = await screen.findByTestId('cancel-subscription-dialog');
    expect(dialog.textContent).toContain('You keep Pro until April 15, 2026.');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel-subscription'));

    expect((await screen.findByTestId('my-plan-notice')).textContent).toBe(
      'Your subscription is cancelled. You keep Pro until April 15, 2026.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('my-plan-status').textContent).toBe('Pro until April 15, 2026, then Free'),
    );
    expect(screen.queryByTestId('cancel-subscription-dialog')).toBeNull();
    expect(screen.getByTestId('current-plan').textContent).toBe('Pro');
    expect(posts).toContain('/api/billing/cancel');

    fireEvent.click(screen.getByTestId('resume-subscription'));
    await waitFor(() => expect(screen.getByTestId('my-plan-status').textContent).toBe('Renews on April 15, 2026'));
    expect(posts).toContain('/api/billing/resume');
  });

  it('says when a cancelled plan ended', async () => {
    const ended = { ...active, status: 'canceled' as const, cancelAtPeriodEnd: true, entitled: false };
    stubApi(ended, free);
    renderMyPlan(free);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe('Your Pro plan ended on April 15, 2026');
    expect(screen.getByTestId('current-plan').textContent).toBe('Free');
    expect(screen.getByTestId('upgrade-to-pro')).toBeTruthy();
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
  });

  it('is translated', async () => {
    await i18next.changeLanguage('tr');
    stubApi({ ...active, cancelAtPeriodEnd: true }, pro);
    renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe(
      '15 Nisan 2026 tarihine kadar Pro, ardından Ücretsiz',
    );
    expect(screen.getByTestId('my-plan-price').textContent).toBe('Aylık $9,99');
    expect(screen.getByTestId('resume-subscription').textContent).toBe('Aboneliği sürdür');
  });
});
