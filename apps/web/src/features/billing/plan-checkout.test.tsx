import type { BillingPlans, PlanOffer } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { PlanCheckout } from './plan-checkout.tsx';
import { redirectTo } from './redirect.ts';

vi.mock('./redirect.ts', () => ({ redirectTo: vi.fn() }));

const user = TEST_PROFILE;

const offer = (period: PlanOffer['period'], amount: number, savingsPercent: number | null, bestValue = false) => {
  const tax = Math.round(amount * 0.2);
  return { period, amount, currency: 'usd', tax, total: amount + tax, savingsPercent, bestValue };
};

/** Deliberately not 85%: the badge must show the offer's own saving. */
const PLANS: BillingPlans = {
  mode: 'sandbox',
  taxPercent: 20,
  plans: [
    offer('week', 699, null),
    offer('monthly', 1999, 34),
    offer('3month', 3999, 55),
    offer('yearly', 4999, 63, true),
  ],
};

/** A tiny /api/billing: the plans, and the given checkout answer. */
function stubApi(checkout: () => Response = () => HttpResponse.json({ url: 'https://checkout.example/s/cs_1' })) {
  mockApi(
    http.get('/api/billing/plans', () => HttpResponse.json(PLANS)),
    http.post('/api/billing/checkout', checkout),
  );
  return recordRequests();
}

function renderCheckout(signedIn = true) {
  return renderWithApp(<PlanCheckout />, { user: signedIn ? user : null }).store;
}

/** A plan's card (the radio button's label) and its radio button. */
const card = (period: string) => screen.getByTestId(`plan-${period}`);
const radio = (period: string) => within(card(period)).getByRole<HTMLInputElement>('radio');
const text = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(() => {
  vi.mocked(redirectTo).mockReset();
});

describe('PlanCheckout', () => {
  it('shows the four periods as a radio group, badge on the best value with its own saving', async () => {
    stubApi();
    renderCheckout();
    const group = await screen.findByRole('radiogroup', { name: 'Billing period' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.dataset.testid)).toEqual([
      'plan-week',
      'plan-monthly',
      'plan-3month',
      'plan-yearly',
    ]);

    const badges = screen.getAllByTestId('plan-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.textContent).toBe('Save 63%');
    expect(card('yearly').contains(badges[0] ?? null)).toBe(true);

    expect(card('week').textContent).toContain('Weekly');
    expect(card('week').textContent).toContain('$6.99');
    expect(card('week').textContent).toContain('billed weekly');
    expect(screen.getByTestId('test-mode-note').textContent).toBe('Test mode — no card needed, nothing is charged.');
  });

  it('selects the best value first and sums it up', async () => {
    stubApi();
    renderCheckout();
    await screen.findByRole('radiogroup');
    expect(radio('yearly').checked).toBe(true);
    expect(radio('week').checked).toBe(false);
    expect(text('summary-subtotal')).toBe('Subtotal$49.99');
    expect(text('summary-tax')).toBe('Tax (20%)$10.00');
    expect(text('summary-total')).toBe('Total$59.99');
    expect(screen.getByText('Renews every year until you cancel.')).toBeTruthy();
  });

  // The arrow keys are the browser's own radio group's (jsdom has none): e2e/billing.spec.ts presses them.
  it('the totals follow the choice', async () => {
    stubApi();
    renderCheckout();
    await screen.findByRole('radiogroup');
    fireEvent.click(radio('3month'));
    expect(radio('3month').checked).toBe(true);
    expect(radio('yearly').checked).toBe(false);
    expect(text('summary-total')).toBe('Total$47.99');
    expect(screen.getByText('Renews every 3 months until you cancel.')).toBeTruthy();

    fireEvent.click(card('week'));
    expect(radio('week').checked).toBe(true);
    expect(text('summary-subtotal')).toBe('Subtotal$6.99');
    expect(text('summary-tax')).toBe('Tax (20%)$1.40');
    expect(text('summary-total')).toBe('Total$8.39');
  });

  it('selects a card on click', async () => {
    stubApi();
    renderCheckout();
    await screen.findByRole('radiogroup');
    fireEvent.click(card('monthly'));
    expect(radio('monthly').checked).toBe(true);
    expect(text('summary-total')).toBe('Total$23.99');
  });

  it('starts checkout for the chosen period and goes to the URL it answers', async () => {
    const requests = stubApi();
    renderCheckout();
    await screen.findByRole('radiogroup');
    fireEvent.click(radio('monthly'));
    fireEvent.click(screen.getByTestId('checkout-button'));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/s/cs_1'));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/billing/checkout',
      body: { period: 'monthly' },
    });
    expect(screen.getByTestId('checkout-button').hasAttribute('disabled')).toBe(true);
  });

  it('shows a refusal inline, translated, and lets the person try again', async () => {
    stubApi(() => apiError(503, 'PAYMENTS_UNAVAILABLE'));
    renderCheckout();
    await screen.findByRole('radiogroup');
    fireEvent.click(screen.getByTestId('checkout-button'));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'Payments are temporarily unavailable. Please try again in a few minutes.',
    );
    expect(screen.getByTestId('checkout-button').hasAttribute('disabled')).toBe(false);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in instead of starting checkout', async () => {
    const requests = stubApi();
    const store = renderCheckout(false);
    await screen.findByRole('radiogroup');
    fireEvent.click(screen.getByTestId('checkout-button'));
    expect(store.getState().dialogs.authDialog).toEqual({ isOpen: true, step: 'signIn' });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('is translated', async () => {
    await i18next.changeLanguage('tr');
    stubApi();
    renderCheckout();
    await screen.findByRole('radiogroup', { name: 'Ödeme dönemi' });
    expect(screen.getByTestId('plan-badge').textContent).toBe('%63 tasarruf');
    expect(text('summary-tax')).toBe('Vergi (%20)$10,00');
    expect(text('summary-total')).toBe('Toplam$59,99');
  });
});
