import type { Subscription } from '@polymath/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n.ts';
import { createTestStore, TEST_PROFILE } from '../../test/test-store.ts';
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

/** Confirm answers the given replies in turn (the last repeats); plans give 20% tax. */
function stubApi(...confirmReplies: Array<{ status: number; body: unknown }>) {
  const confirms: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const { pathname } = new URL(input.url);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (pathname === '/api/billing/checkout/confirm') {
        confirms.push(await input.json());
        const reply = confirmReplies.length > 1 ? confirmReplies.shift() : confirmReplies[0];
        return json(reply?.body, reply?.status);
      }
      if (pathname === '/api/billing/plans') return json({ mode: 'sandbox', taxPercent: 20, plans: [] });
      if (pathname === '/api/me') return json({ ...user, accessLevel: 'pro', plan: 'pro' });
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
  return confirms;
}

function renderReady(sessionId = 'cs_test_1') {
  const store = createTestStore(user);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <PaymentReady sessionId={sessionId} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const pending = { status: 200, body: { subscription: null } };
const paid = { status: 200, body: { subscription } };

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
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
