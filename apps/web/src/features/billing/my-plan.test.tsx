import type { Profile, Subscription } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, recordRequests, type SentRequest } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { MyPlan } from './my-plan.tsx';

vi.mock('./redirect.ts', () => ({ redirectTo: vi.fn() }));

const free = TEST_PROFILE;
const pro: Profile = { ...free, accessLevel: 'pro' };

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
  const change = (patch: Partial<Subscription>) => {
    if (!subscription) return apiError(404, 'NOT_FOUND');
    subscription = { ...subscription, ...patch };
    return HttpResponse.json({ subscription });
  };
  mockApi(
    http.get('/api/me', () => HttpResponse.json(profile)),
    http.get('/api/billing/subscription', () => HttpResponse.json({ subscription })),
    http.post('/api/billing/cancel', () => change({ cancelAtPeriodEnd: true })),
    http.post('/api/billing/resume', () => change({ cancelAtPeriodEnd: false })),
  );
  return recordRequests();
}

function renderMyPlan(profile: Profile) {
  renderWithApp(<MyPlan />, { user: profile });
}

const posts = (requests: SentRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.path);

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
    const requests = stubApi(active, pro);
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
    expect(posts(requests)).toContain('/api/billing/cancel');

    fireEvent.click(screen.getByTestId('resume-subscription'));
    await waitFor(() => expect(screen.getByTestId('my-plan-status').textContent).toBe('Renews on April 15, 2026'));
    expect(posts(requests)).toContain('/api/billing/resume');
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
