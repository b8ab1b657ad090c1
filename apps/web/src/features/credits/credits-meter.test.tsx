import type { Credits } from '@polymath/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { CreditsMeter } from './credits-meter.tsx';
import { describeReset, freeCreditsText } from './credits-text.ts';

const IST = 'Europe/Istanbul';
const LA = 'America/Los_Angeles';
const NOW = new Date('2026-03-15T12:00:00Z');
const NEXT_MIDNIGHT_UTC = '2026-03-16T00:00:00.000Z';

const free = (remaining: number): Credits => ({
  plan: 'free',
  dailyLimit: 10,
  used: 10 - remaining,
  remaining,
  resetsAt: NEXT_MIDNIGHT_UTC,
});
const pro: Credits = { plan: 'pro', dailyLimit: null, used: 3, remaining: null, resetsAt: NEXT_MIDNIGHT_UTC };

const user = TEST_PROFILE;

describe('describeReset', () => {
  it('shows only the time when the reset is later today where the person is', () => {
    // Midnight UTC is 17:00 the same day in Los Angeles (summer time from 8 March 2026).
    expect(describeReset(NEXT_MIDNIGHT_UTC, NOW, 'en', LA)).toEqual({ time: '5:00 PM', date: null });
  });

  it('adds the date when the reset falls on another day locally', () => {
    // Midnight UTC is 03:00 the next day in Istanbul.
    expect(describeReset(NEXT_MIDNIGHT_UTC, NOW, 'tr', IST)).toEqual({ time: '03:00', date: '16 Mar' });
    expect(describeReset(NEXT_MIDNIGHT_UTC, NOW, 'en', IST)).toEqual({ time: '3:00 AM', date: 'Mar 16' });
  });

  it('counts the day in the local zone, not in UTC', () => {
    // 22:00 UTC on the 15th is already the 16th in Istanbul, like the reset.
    expect(describeReset(NEXT_MIDNIGHT_UTC, new Date('2026-03-15T22:00:00Z'), 'en', IST).date).toBeNull();
  });
});

describe('freeCreditsText', () => {
  const t = (...args: Parameters<typeof i18next.t>) => i18next.t(...args);

  it('says how many free messages are left and when they reset', () => {
    expect(freeCreditsText(free(7), NOW, t as never, 'en', LA)).toBe(
      '7 of 10 free messages left today · resets at 5:00 PM',
    );
    expect(freeCreditsText(free(7), NOW, t as never, 'en', IST)).toBe(
      '7 of 10 free messages left today · resets on Mar 16 at 3:00 AM',
    );
    expect(freeCreditsText(free(0), NOW, t as never, 'en', LA)).toBe(
      '0 of 10 free messages left today · resets at 5:00 PM',
    );
  });

  it('is translated', async () => {
    await i18next.changeLanguage('tr');
    expect(freeCreditsText(free(7), NOW, t as never, 'tr', IST)).toBe(
      'Bugün 10 ücretsiz mesajdan 7 tanesi kaldı · 16 Mar 03:00 itibarıyla yenilenir',
    );
  });

  it('has nothing to say for Pro', () => {
    expect(freeCreditsText(pro, NOW, t as never, 'en', LA)).toBeNull();
  });
});

// --- The component, against a stubbed /api/credits ------------------------------------------------

/** Answers GET /api/credits with the given responses in turn (the last one repeats). */
function stubCredits(...responses: Array<{ status: number; body?: unknown }>) {
  mockApi(
    http.get('/api/credits', () => {
      const next = responses.length > 1 ? responses.shift() : responses[0];
      const { status, body } = next ?? { status: 500 };
      return HttpResponse.json((body ?? { error: { code: 'INTERNAL_ERROR', message: 'x' } }) as never, { status });
    }),
  );
  return recordRequests();
}

function renderMeter(signedIn = true) {
  return renderWithApp(<CreditsMeter />, { user: signedIn ? user : null });
}

describe('CreditsMeter', () => {
  it('shows the free allowance left today', async () => {
    stubCredits({ status: 200, body: free(7) });
    renderMeter();
    const meter = await screen.findByTestId('credits-meter');
    expect(meter.textContent).toMatch(/^7 of 10 free messages left today · resets (at|on) /);
    expect(meter.dataset.state).toBe('available');
    expect(screen.queryByTestId('credits-upgrade')).toBeNull();
  });

  it('warns at zero and opens the upgrade dialog', async () => {
    stubCredits({ status: 200, body: free(0) });
    const { store } = renderMeter();
    const meter = await screen.findByTestId('credits-meter');
    expect(meter.textContent).toMatch(/^0 of 10 free messages left today/);
    expect(meter.dataset.state).toBe('empty');
    fireEvent.click(screen.getByTestId('credits-upgrade'));
    expect(store.getState().dialogs.showUpgradeToProDialog).toBe(true);
  });

  it('shows a small label for Pro', async () => {
    stubCredits({ status: 200, body: pro });
    renderMeter();
    expect((await screen.findByTestId('credits-meter')).textContent).toBe('Pro · unlimited');
  });

  it('says "Could not fetch credits." when the call fails, and retries', async () => {
    const calls = stubCredits(
      { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } },
      { status: 200, body: free(4) },
    );
    renderMeter();
    const meter = await screen.findByTestId('credits-meter');
    expect(meter.textContent).toContain('Could not fetch credits.');
    fireEvent.click(screen.getByTestId('credits-retry'));
    expect(await screen.findByText(/^4 of 10 free messages left today/)).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url.href).toMatch(/\/api\/credits$/);
  });

  it('says it in Turkish too', async () => {
    await i18next.changeLanguage('tr');
    stubCredits({ status: 500 });
    renderMeter();
    expect((await screen.findByTestId('credits-meter')).textContent).toContain('Krediler alınamadı.');
  });

  it('renders nothing and asks nothing for a signed-out visitor', async () => {
    const calls = stubCredits({ status: 200, body: free(7) });
    const { container } = renderMeter(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.innerHTML).toBe('');
    expect(calls).toHaveLength(0);
  });
});
