import type { WhatsAppPending, WhatsAppStatus } from '@polymath/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import WhatsAppDialog from './whatsapp-dialog.tsx';

const PRO = { ...TEST_PROFILE, accessLevel: 'pro' as const, plan: 'pro' as const };

function open(user: typeof TEST_PROFILE | null) {
  const app = renderWithApp(<WhatsAppDialog />, { user });
  app.store.dispatch(whatsAppDialogSet(true));
  return app;
}

const pending: WhatsAppPending = {
  phone: '+905321234567',
  country: 'TR',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  triesLeft: 5,
  resendAt: new Date(Date.now() + 30_000).toISOString(),
  delivery: 'delivered',
};

describe('WhatsAppDialog', () => {
  it('asks a visitor to sign in, and opens the sign-in dialog', async () => {
    const { store } = open(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(store.getState().dialogs).toMatchObject({ whatsApp: { isOpen: false }, authDialog: { isOpen: true } });
  });

  it('tells a free account WhatsApp chat is part of Pro, and offers the upgrade', async () => {
    const { store } = open(TEST_PROFILE);
    expect(await screen.findByText(/Chat inside WhatsApp is a Pro feature/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(store.getState().dialogs).toMatchObject({ whatsApp: { isOpen: false }, showUpgradeToProDialog: true });
  });

  it('links a number: a country from the list, a number checked as typed, then the code', async () => {
    let status: WhatsAppStatus = { mode: 'sandbox', link: null, pending: null, chatUrl: '/whatsapp/sandbox' };
    mockApi(
      http.get('/api/whatsapp/link', () => HttpResponse.json(status)),
      http.post('/api/whatsapp/link/code', () => {
        status = { ...status, pending };
        return HttpResponse.json(pending);
      }),
      http.post('/api/whatsapp/link/verify', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') {
          return HttpResponse.json(
            { error: { code: 'WHATSAPP_CODE_INVALID', message: 'x', details: { triesLeft: 4 } } },
            { status: 400 },
          );
        }
        const link = {
          phone: pending.phone,
          country: 'TR',
          modelId: 'gpt-4o-mini',
          linkedAt: new Date().toISOString(),
        };
        status = { ...status, link, pending: null };
        return HttpResponse.json(link);
      }),
    );
    const sent = recordRequests();
    open(PRO);

    // Step 1: search, move with the keyboard, choose.
    const search = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(search, { target: { value: 'turk' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('🇹🇷Türkiye+90');
    fireEvent.change(search, { target: { value: '+90' } });
    fireEvent.keyDown(search, { key: 'Enter' });

    // Step 2: the number, checked for Türkiye as it is typed.
    expect(await screen.findByTestId('chosen-country')).toHaveProperty('textContent', 'Türkiye');
    const phone = screen.getByLabelText('Mobile number (+90)');
    fireEvent.change(phone, { target: { value: '053212' } });
    expect(screen.getByTestId('phone-hint').textContent).toBe('Keep typing: the number is not complete yet.');
    fireEvent.change(phone, { target: { value: '02121234567' } });
    expect(screen.getByTestId('phone-hint').textContent).toBe(
      'This looks like a landline. WhatsApp needs a mobile number.',
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.change(phone, { target: { value: '05321234567' } });
    expect((phone as HTMLInputElement).value).toBe('0532 123 45 67');
    expect(screen.getByTestId('phone-hint').textContent).toBe('Valid number: +90 532 123 45 67');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // Step 3: the code, shown on the sandbox phone in test mode.
    const code = await screen.findByLabelText('6-digit code');
    expect(sent.find((r) => r.path === '/api/whatsapp/link/code')?.body).toEqual({
      phone: '+905321234567',
      country: 'TR',
      locale: 'en',
      modelId: 'gpt-4o-mini',
    });
    expect(screen.getByTestId('open-sandbox-phone').getAttribute('href')).toBe(
      '/whatsapp/sandbox?phone=%2B905321234567',
    );
    expect(screen.getByTestId('code-delivery').textContent).toBe('Code delivered.');
    fireEvent.change(code, { target: { value: '65-43-21' } });
    expect((code as HTMLInputElement).value).toBe('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Link number' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not right. Check the code WhatsApp sent you and try again. 4 tries left.',
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link number' }));
    expect(await screen.findByText('Your number is linked.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('open-whatsapp-chat').getAttribute('href')).toBe('/whatsapp/sandbox'),
    );
  });

  it('shows the linked number with Open WhatsApp, and says when codes are asked for too often', async () => {
    let status: WhatsAppStatus = {
      mode: 'cloud',
      link: { phone: '+905321234567', country: 'TR', modelId: 'gpt-4o', linkedAt: new Date().toISOString() },
      pending: null,
      chatUrl: 'https://wa.me/15550100000',
    };
    mockApi(
      http.get('/api/whatsapp/link', () => HttpResponse.json(status)),
      http.post('/api/whatsapp/link/code', () =>
        HttpResponse.json(
          { error: { code: 'RATE_LIMITED', message: 'x', details: { retryAfterSeconds: 1800 } } },
          { status: 429 },
        ),
      ),
    );
    open(PRO);
    expect(await screen.findByText(/Write to Polymath on WhatsApp from \+90 532 123 45 67/)).toBeTruthy();
    const openLink = screen.getByTestId('open-whatsapp-chat');
    expect(openLink.getAttribute('href')).toBe('https://wa.me/15550100000');
    expect(openLink.getAttribute('target')).toBe('_blank');

    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    const search = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(search, { target: { value: 'Türkiye' } });
    fireEvent.click(screen.getByRole('option', { name: /Türkiye/ }));
    fireEvent.change(await screen.findByLabelText('Mobile number (+90)'), { target: { value: '5441234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again. Try again in 30 min.',
    );
    status = { ...status };
  });
});
