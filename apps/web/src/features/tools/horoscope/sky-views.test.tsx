import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, recordRequests } from '../../../test/api-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SkyFactsCard } from './sky-facts-card.tsx';
import { DAILY_FACTS, SKY } from './sky-fixture.test-data.ts';
import { SkyNowPanel } from './sky-now-panel.tsx';

describe('SkyNowPanel', () => {
  it('asks for the sky in the person’s zone and shows every computed position', async () => {
    const sent = recordRequests();
    mockApi(http.get('/api/horoscope/sky', () => HttpResponse.json({ sky: SKY })));
    renderWithApp(<SkyNowPanel />);
    const positions = await screen.findByTestId('sky-positions');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(sent[0]?.url.searchParams.get('timeZone')).toBe(zone);
    const rows = within(positions).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.sign)).toEqual([
      'aries',
      'taurus',
      'aries',
      'aries',
      'pisces',
      'taurus',
      'pisces',
    ]);
    expect(rows[0]?.textContent).toContain('Sun♈ Aries20°36′');
    expect(rows[1]?.textContent).toContain('Waxing crescent · 4% lit');
    expect(rows[2]?.textContent).toContain('Mercury♈ Aries23°54′℞ retrograde');
    // Today's events, at Istanbul's clock time.
    expect(screen.getByTestId('sky-events').textContent).toContain('06:33Moon enters ♊ Gemini');
    expect(screen.getByText('12:00, Europe/Istanbul')).toBeTruthy();
  });

  it('says so in Turkish', async () => {
    await i18next.changeLanguage('tr');
    mockApi(http.get('/api/horoscope/sky', () => HttpResponse.json({ sky: SKY })));
    renderWithApp(<SkyNowPanel />);
    const rows = within(await screen.findByTestId('sky-positions')).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Güneş♈ Koç20°36′');
    expect(rows[2]?.textContent).toContain('℞ geri harekette');
    expect(screen.getByRole('heading', { name: 'Şu anki gökyüzü' })).toBeTruthy();
  });
});

describe('SkyFactsCard', () => {
  it('shows the facts a reading was written from: the period, the sign and the positions', () => {
    renderWithApp(<SkyFactsCard state="output-available" output={DAILY_FACTS} />);
    expect(screen.getByTestId('sky-facts-period').textContent).toMatch(/^For 10\s*–\s*16 April 2024$/);
    expect(screen.getByTestId('sky-facts-sign').textContent).toContain('Sign: ♌ Leo');
    expect(screen.getAllByRole('listitem', { hidden: false }).length).toBeGreaterThanOrEqual(7);
    expect(screen.getByText('Events in the period (2)')).toBeTruthy();
  });

  it('says the sky is being computed, or could not be', () => {
    const { unmount } = renderWithApp(<SkyFactsCard state="input-available" output={undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Computing the sky…');
    unmount();
    renderWithApp(<SkyFactsCard state="output-available" output={{ nonsense: true }} />);
    expect(screen.getByRole('alert').textContent).toContain('The sky could not be computed for these inputs.');
  });
});
