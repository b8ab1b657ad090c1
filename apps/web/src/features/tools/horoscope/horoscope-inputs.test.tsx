import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import type { HoroscopeDraft } from './horoscope-draft.ts';
import { HoroscopeInputs, type HoroscopeInputsProps } from './horoscope-inputs.tsx';

const draft: HoroscopeDraft = { personBy: 'sign', partnerBy: 'sign' };

function renderInputs(props: Partial<HoroscopeInputsProps> = {}) {
  const handlers = { onTypeChange: vi.fn(), onDraftChange: vi.fn(), onGetReading: vi.fn() };
  renderWithApp(<HoroscopeInputs type={undefined} draft={draft} errors={{}} busy={false} {...handlers} {...props} />);
  return handlers;
}

describe('HoroscopeInputs', () => {
  it('shows the type message at the type field, linked to it', () => {
    renderInputs({ errors: { type: 'Please selecet an horoscope type.' } });
    const select = screen.getByLabelText('Horoscope type') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Please selecet an horoscope type.');
    expect(message?.getAttribute('role')).toBe('alert');
    // No type: nothing else to fill in yet.
    expect(screen.queryByTestId('horoscope-person')).toBeNull();
  });

  it('offers every type and hands a choice to the page', () => {
    const { onTypeChange } = renderInputs();
    const select = screen.getByTestId('horoscope-type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      '',
      'daily',
      'weekly',
      'monthly',
      'love',
      'career',
      'compatibility',
      'birth-chart',
    ]);
    fireEvent.change(select, { target: { value: 'monthly' } });
    expect(onTypeChange).toHaveBeenCalledWith('monthly');
  });

  it('reads one sign for a daily reading, with the twelve signs and their dates, and derives it from a birthday', () => {
    const { onDraftChange, onGetReading } = renderInputs({ type: 'daily', draft: { ...draft, sign: 'leo' } });
    const sign = screen.getByTestId('horoscope-person-sign') as HTMLSelectElement;
    expect(sign.value).toBe('leo');
    expect(sign.options).toHaveLength(12);
    expect(sign.options[4]?.textContent).toBe('♌ Leo (23 Jul – 22 Aug)');
    fireEvent.change(sign, { target: { value: 'virgo' } });
    expect(onDraftChange).toHaveBeenCalledWith({ sign: 'virgo' }, ['person.sign', 'person.birthDate']);
    fireEvent.click(screen.getByTestId('horoscope-get-reading'));
    expect(onGetReading).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('horoscope-partner')).toBeNull();
    expect(screen.getByTestId('horoscope-entertainment').textContent).toBe(
      'Horoscopes are for entertainment, not advice.',
    );
  });

  it('shows the sign a birthday gives', () => {
    renderInputs({ type: 'love', draft: { ...draft, personBy: 'date', birthDate: '1990-03-25' } });
    expect(screen.getByTestId('horoscope-person-derived').textContent).toBe('Sign: ♈ Aries');
  });

  it('reads two people for compatibility', () => {
    renderInputs({ type: 'compatibility', errors: { 'partner.sign': 'This field is required' } });
    expect(screen.getByTestId('horoscope-person')).toBeTruthy();
    expect(screen.getByTestId('horoscope-partner-sign-error').textContent).toBe('This field is required');
  });

  it('finds a birth place on the bundled list and picks it', async () => {
    mockApi(
      http.get('/api/horoscope/cities', ({ request }) =>
        HttpResponse.json({
          cities:
            new URL(request.url).searchParams.get('q') === 'izm'
              ? [
                  {
                    id: 'izmir-tr',
                    name: 'Izmir',
                    nativeName: 'İzmir',
                    countryCode: 'TR',
                    latitude: 38.42,
                    longitude: 27.14,
                    timeZone: 'Europe/Istanbul',
                  },
                ]
              : [],
        }),
      ),
    );
    const { onDraftChange } = renderInputs({ type: 'birth-chart' });
    const city = screen.getByRole('combobox', { name: 'Birth place' });
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'izm' } });
    const option = await screen.findByRole('option', { name: /Izmir/ });
    fireEvent.mouseDown(option);
    await waitFor(() =>
      expect(onDraftChange).toHaveBeenCalledWith(
        { city: { id: 'izmir-tr', name: 'Izmir', nativeName: 'İzmir', countryCode: 'TR' } },
        ['cityId'],
      ),
    );
    expect(screen.getByLabelText('Birth date')).toBeTruthy();
    expect(screen.getByLabelText('Birth time (optional)')).toBeTruthy();
  });
});
