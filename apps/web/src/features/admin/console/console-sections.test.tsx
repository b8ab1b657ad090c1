import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../lib/theme/theme-provider.tsx';
import en from '../../../locales/en/admin-console.json';
import tr from '../../../locales/tr/admin-console.json';
import { mockApi } from '../../../test/api-server.ts';
import { renderWithApp } from '../../../test/render.tsx';

// Loaded as the console loads them: after i18next has started (test/setup.ts).
const sections = async () => ({
  ...(await import('./usage-section.tsx')),
  ...(await import('./money-section.tsx')),
  ...(await import('./models-section.tsx')),
});

// The chart draws on a canvas jsdom does not have; its numbers are in the table beside it.
vi.mock('./line-chart.tsx', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const zero = {
  messages: 0,
  inputTokens: 0,
  outputTokens: 0,
  images: 0,
  photoTranslations: 0,
  pdfPages: 0,
  webSearches: 0,
  costUsd: 0,
  unpriced: 0,
};

describe('console sections: usage, money, models', () => {
  it('usage: totals, a chart, the table and the CSV link follow the chosen range and grouping', async () => {
    const asked: string[] = [];
    mockApi(
      http.get('/api/admin/usage', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return HttpResponse.json({
          by: url.searchParams.get('by'),
          days: ['2026-11-27', '2026-11-28'],
          groups: ['gpt-4o-mini'],
          rows: [{ ...zero, day: '2026-11-27', group: 'gpt-4o-mini', messages: 12, inputTokens: 3400 }],
          totals: { ...zero, messages: 12, inputTokens: 3400, costUsd: 0.25 },
          rolledUpAt: '2026-11-28T10:00:00.000Z',
        });
      }),
    );
    const { UsageSection } = await sections();
    renderWithApp(
      <ThemeProvider>
        <UsageSection />
      </ThemeProvider>,
      { path: '/admin/usage' },
    );
    expect(await screen.findByTestId('usage-table', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Messages per day by Model' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('usage-totals').textContent).toContain('3,400');
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'plan' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    expect(await screen.findByRole('img', { name: 'Messages per day by Plan' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('usage-csv').getAttribute('href')).toBe('/api/admin/usage.csv?days=90&by=plan');
    expect(asked.at(-1)).toBe('?days=90&by=plan');
  });

  it('models: a model no longer served is flagged with a warning', async () => {
    const model = {
      displayName: 'Gemini 1.5 Pro',
      provider: 'google',
      tier: 'pro',
      keySet: true,
      checkedAt: '2026-11-28T10:00:00.000Z',
      error: null,
      answers: 4,
      failed: 1,
      medianFirstTokenMs: 200,
    };
    mockApi(
      http.get('/api/admin/models', () =>
        HttpResponse.json({
          models: [
            {
              ...model,
              kind: 'chat',
              id: 'gemini-1.5-pro',
              providerModelId: 'gemini-1.5-pro',
              served: false,
              hidden: true,
            },
            {
              ...model,
              kind: 'image',
              id: 'gemini-2.5-flash-image',
              displayName: 'Gemini 2.5 Flash Image',
              providerModelId: 'gemini-2.5-flash-image',
              served: false,
              hidden: true,
              answers: 0,
              failed: 0,
              medianFirstTokenMs: null,
            },
            {
              ...model,
              kind: 'image',
              id: 'gpt-image-1',
              displayName: 'GPT Image 1',
              provider: 'openai',
              providerModelId: 'gpt-image-1',
              served: true,
              hidden: false,
              answers: 0,
              failed: 0,
              medianFirstTokenMs: null,
            },
            {
              ...model,
              kind: 'chat',
              id: 'gpt-4o-mini',
              displayName: 'GPT-4o mini',
              provider: 'openai',
              providerModelId: 'gpt-4o-mini',
              served: true,
              hidden: false,
            },
          ],
        }),
      ),
    );
    const { ModelsSection } = await sections();
    renderWithApp(<ModelsSection />, { path: '/admin/models' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('google no longer serves “gemini-1.5-pro”'),
      expect.stringContaining('google no longer serves “gemini-2.5-flash-image”'),
    ]);
    expect(screen.getByTestId('model-gemini-1.5-pro').textContent).toContain('No');
    expect(screen.getByTestId('model-gpt-4o-mini').textContent).toContain('200 ms');
    // Image models in their own table: their key and check, without the chat's answer figures.
    const chatTable = screen.getByRole('region', { name: 'Chat models' });
    const imageTable = screen.getByRole('region', { name: 'Image models' });
    expect(within(chatTable).queryByTestId('model-gpt-image-1')).toBeNull();
    expect(within(imageTable).getByTestId('model-gemini-2.5-flash-image').textContent).toContain('No');
    expect(within(imageTable).getByTestId('model-gpt-image-1').textContent).toContain('Yes');
    expect(within(imageTable).queryByText('Errors (24 h)')).toBeNull();
    expect(within(chatTable).getByText('Errors (24 h)')).toBeTruthy();
  });

  it('money: a refused refund shows its reason and can be retried', async () => {
    const refund = {
      id: '7',
      provider: 'stripe',
      subscriptionId: 'sub_1',
      userId: 'u1',
      payment: 'pi_1',
      refundId: null,
      amount: 699,
      currency: 'usd',
      status: 'refused',
      reason: 'charge_disputed: disputed',
      attempts: 1,
      createdAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
    };
    mockApi(
      http.get('/api/admin/money', () =>
        HttpResponse.json({
          live: [{ period: 'monthly', count: 3 }],
          mrr: { amount: 5997, currency: 'usd' },
          daily: [{ day: '2026-11-28', started: 1, cancelRequested: 0, ended: 0 }],
          days: 30,
        }),
      ),
      http.get('/api/admin/money/refunds', () => HttpResponse.json({ items: [refund], nextCursor: null })),
      http.get('/api/admin/money/webhook-failures', () => HttpResponse.json({ items: [], nextCursor: null })),
      http.post('/api/admin/money/refunds/7/retry', () =>
        HttpResponse.json({ ...refund, status: 'refunded', reason: null, refundId: 're_1', attempts: 2 }),
      ),
    );
    const { MoneySection } = await sections();
    renderWithApp(
      <ThemeProvider>
        <MoneySection />
      </ThemeProvider>,
      { path: '/admin/money' },
    );
    expect((await screen.findByTestId('mrr')).textContent).toBe('$59.97');
    expect((await screen.findByTestId('refund')).textContent).toContain('charge_disputed: disputed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('Asked again: Refunded')).toBeTruthy();
    expect(screen.getByText('No failed deliveries.')).toBeTruthy();
  });

  it('has every text in English and Turkish', () => {
    expect(keyPaths(tr).sort()).toEqual(keyPaths(en).sort());
  });
});
