import type { Subscription } from '@polymath/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { CONFIRM_FOR_MS, CONFIRM_POLL_MS, PaymentReady } from './payment-ready.tsx';

const user = TEST_PROFILE;

const subscription: Subscription = {
  provider: 'sandbox',
  period: 'yearly',
  status: 'active',
  amount: 4999,
  currency: 'usd',
  currentPeriodEnd: '2027-03-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  entitled: true,
};

type Reply = { status: number; body: unknown };

/** Confirm answers the given replies in turn (the last repeats); plans give 20% tax. */
function stubApi(...confirmReplies: Reply[]) {
  const confirms: unknown[] = [];
  mockApi(
    http.post('/api/billing/checkout/confirm', async ({ request }) => {
      confirms.push(await request.json());
      const reply = confirmReplies.length > 1 ? confirmReplies.shift() : confirmReplies[0];
      return HttpResponse.json(reply?.body as never, { status: reply?.status });
    }),
    http.get('/api/billing/plans', () => HttpResponse.json({ mode: 'sandbox', taxPercent: 20, plans: [] })),
    http.get('/api/me', () => HttpResponse.json({ ...user, accessLevel: 'pro' })),
  );
  return confirms;
}

function renderReady(sessionId = 'cs_test_1') {
  return renderWithApp(<PaymentReady sessionId={sessionId} />, { user }).store;
}

const pending = { status: 200, body: { subscription: null } };
const paid = { status: 200, body: { subscription } };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentReady', () => {
  it('polls while the payment is pending, then shows Pro ready and opens the success dialog once', async () => {
    const confirms = stubApi(pending, paid);
    const store = renderReady();
    expect((await screen.findByTestId('payment-confirming')).textContent).toContain('Confirming your payment…');

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS));
    const ready = await screen.findByTestId('payment-ready');
    expect(ready.textContent).toContain('Payment complete — Pro is ready');
    expect(screen.getByTestId('payment-ready-plan').textContent).toBe('Pro · Yearly');
    expect(screen.getByTestId('payment-ready-total').textContent).toBe('$59.99');
    expect(screen.getByTestId('payment-ready-renewal').textContent).toBe('March 15, 2027');
    expect(screen.getByRole('link', { name: 'Start chatting' }).getAttribute('href')).toBe('/web-main');
    expect(screen.getByRole('link', { name: 'View my plan' }).getAttribute('href')).toBe('/settings/my-plan');
    expect(confirms).toEqual([{ sessionId: 'cs_test_1' }, { sessionId: 'cs_test_1' }]);
    expect(store.getState().dialogs.showSubscriptionSuccessDialog).toBe(true);

    // A reload of the same page does not celebrate twice.
    cleanup();
    const again = renderReady();
    await screen.findByTestId('payment-ready');
    expect(again.getState().dialogs.showSubscriptionSuccessDialog).toBe(false);
  });

  it('says it can take a minute after ~30 s, and checks again on request', async () => {
    const confirms = stubApi(pending);
    renderReady();
    await screen.findByTestId('payment-confirming');
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_FOR_MS));
    expect((await screen.findByTestId('payment-slow')).textContent).toContain('This can take a minute.');
    const asked = confirms.length;
    expect(asked).toBeGreaterThanOrEqual(10);
    expect(asked).toBeLessThanOrEqual(16);

    fireEvent.click(screen.getByTestId('payment-retry'));
    expect(await screen.findByTestId('payment-confirming')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(confirms.length).toBe(asked + 1);
  });

  it('stops at an unknown checkout and leads back to the plans', async () => {
    stubApi({ status: 404, body: { error: { code: 'CHECKOUT_NOT_FOUND', message: 'x' } } });
    renderReady();
    const failed = await screen.findByTestId('payment-failed');
    expect(failed.textContent).toContain('This checkout could not be found. Choose a plan again.');
    expect(screen.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe('/payment');
  });
});
