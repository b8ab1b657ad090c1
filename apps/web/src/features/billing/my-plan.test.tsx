import type { Profile, Subscription } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, recordRequests, type SentRequest } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';

vi.mock('./redirect.ts', () => ({ redirectTo: vi.fn() }));

const free = TEST_PROFILE;
const pro: Profile = { ...free, accessLevel: 'pro' };

// Midday UTC, so the date is the same in every time zone the tests may run in.
const PERIOD_END = '2026-04-15T12:00:00.000Z';
const GRANTED_UNTIL = '2026-05-20T12:00:00.000Z';
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
function stubApi(initial: Subscription | null, profile: Profile, proGrantedUntil: string | null = null) {
  let subscription = initial;
  const change = (patch: Partial<Subscription>) => {
    if (!subscription) return apiError(404, 'NOT_FOUND');
    subscription = { ...subscription, ...patch };
    return HttpResponse.json({ subscription, proGrantedUntil });
  };
  mockApi(
    http.get('/api/me', () => HttpResponse.json(profile)),
    http.get('/api/billing/subscription', () => HttpResponse.json({ subscription, proGrantedUntil })),
    http.post('/api/billing/cancel', () => change({ cancelAtPeriodEnd: true })),
    http.post('/api/billing/resume', () => change({ cancelAtPeriodEnd: false })),
  );
  return recordRequests();
}

// Loaded as the route loads it: after i18next has started (test/setup.ts), since it adds its texts then.
async function renderMyPlan(profile: Profile) {
  const { MyPlan } = await import('./my-plan.tsx');
  renderWithApp(<MyPlan />, { user: profile });
}

const posts = (requests: SentRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.path);

describe('MyPlan', () => {
  it('shows a free user the Free plan and the way to Pro', async () => {
    stubApi(null, free);
    await renderMyPlan(free);
    expect(await screen.findByText('For trying Polymath.')).toBeTruthy();
    expect(screen.getByTestId('current-plan').textContent).toBe('Free');
    expect(screen.getByTestId('upgrade-to-pro').getAttribute('href')).toBe('/payment');
    expect(screen.queryByTestId('manage-subscription')).toBeNull();
  });

  it('shows the plan, its price and when it renews', async () => {
    stubApi(active, pro);
    await renderMyPlan(pro);
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
    const requests = stubApi(active, pro);
    await renderMyPlan(pro);
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
    expect(posts(requests)).toContain('/api/billing/cancel');

    fireEvent.click(screen.getByTestId('resume-subscription'));
    await waitFor(() => expect(screen.getByTestId('my-plan-status').textContent).toBe('Renews on April 15, 2026'));
    expect(posts(requests)).toContain('/api/billing/resume');
  });

  it('says when a cancelled plan ended', async () => {
    const ended = { ...active, status: 'canceled' as const, cancelAtPeriodEnd: true, entitled: false };
    stubApi(ended, free);
    await renderMyPlan(free);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe('Your Pro plan ended on April 15, 2026');
    expect(screen.getByTestId('current-plan').textContent).toBe('Free');
    expect(screen.getByTestId('upgrade-to-pro')).toBeTruthy();
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
  });

  it('says the team granted Pro and until when, instead of a subscription or the upgrade', async () => {
    stubApi(null, pro, GRANTED_UNTIL);
    await renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-granted')).textContent).toBe(
      'Pro was granted to you by the team until May 20, 2026.',
    );
    expect(screen.getByTestId('current-plan').textContent).toBe('Pro');
    expect(screen.queryByText('Weekly, monthly, 3-month or yearly billing', { exact: false })).toBeNull();
    expect(screen.queryByTestId('my-plan-price')).toBeNull();
    expect(screen.queryByTestId('manage-subscription')).toBeNull();
    expect(screen.queryByTestId('upgrade-to-pro')).toBeNull();
  });

  it('says so beside a subscription that ended, without calling it a paid plan', async () => {
    const ended = { ...active, status: 'canceled' as const, cancelAtPeriodEnd: true, entitled: false };
    stubApi(ended, pro, GRANTED_UNTIL);
    await renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-granted')).textContent).toBe(
      'Pro was granted to you by the team until May 20, 2026.',
    );
    expect(screen.getByTestId('my-plan-status').textContent).toBe('Your Pro plan ended on April 15, 2026');
    expect(screen.getByTestId('current-plan').parentElement?.textContent).toBe('Pro');
    expect(screen.queryByTestId('my-plan-price')).toBeNull();
    expect(screen.queryByTestId('upgrade-to-pro')).toBeNull();
  });

  it('says the grant in Turkish with a Turkish date', async () => {
    await i18next.changeLanguage('tr');
    stubApi(null, pro, GRANTED_UNTIL);
    await renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-granted')).textContent).toBe(
      'Pro, ekip tarafından 20 Mayıs 2026 tarihine kadar size verildi.',
    );
  });

  it('says nothing of a grant when there is none', async () => {
    stubApi(active, pro);
    await renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe('Renews on April 15, 2026');
    expect(screen.queryByTestId('my-plan-granted')).toBeNull();
  });

  it('is translated', async () => {
    await i18next.changeLanguage('tr');
    stubApi({ ...active, cancelAtPeriodEnd: true }, pro);
    await renderMyPlan(pro);
    expect((await screen.findByTestId('my-plan-status')).textContent).toBe(
      '15 Nisan 2026 tarihine kadar Pro, ardından Ücretsiz',
    );
    expect(screen.getByTestId('my-plan-price').textContent).toBe('Aylık $9,99');
    expect(screen.getByTestId('resume-subscription').textContent).toBe('Aboneliği sürdür');
  });
});
