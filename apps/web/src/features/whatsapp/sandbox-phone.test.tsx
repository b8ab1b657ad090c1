import type { SandboxPhone } from '@polymath/shared';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SandboxPhonePage } from './sandbox-phone.tsx';

const MINE = '+905321234567';
const THEIRS = '+905327654321';

const myPhone: SandboxPhone = {
  phone: MINE,
  phones: [MINE],
  businessName: 'Polymath (TEST MODE)',
  messages: [
    {
      id: 'wamid.SBX1',
      direction: 'out',
      kind: 'template',
      text: '123456 is your Polymath verification code. It expires in 10 minutes. Do not share it.',
      at: new Date().toISOString(),
      delivery: 'delivered',
    },
  ],
};

/** The server: this account's own number, and one linked to another account (403, as the server refuses it). */
function serve() {
  mockApi(
    http.get('/api/whatsapp/sandbox/phone', ({ request }) => {
      const phone = new URL(request.url).searchParams.get('phone');
      if (phone === THEIRS) return apiError(403, 'FORBIDDEN', 'This number is linked to another account.');
      return HttpResponse.json(myPhone);
    }),
  );
}

describe('SandboxPhonePage', () => {
  it("says a number linked to another account is that account's phone, and offers another number", async () => {
    serve();
    renderWithApp(<SandboxPhonePage initialPhone={THEIRS} />);
    expect((await screen.findByTestId('sandbox-elsewhere')).textContent).toBe(
      "+90 532 765 43 21 is linked to another account. As on a real phone, what is sent to it, a code included, appears only on that account's sandbox phone.",
    );
    expect(screen.queryByTestId('sandbox-message')).toBeNull();

    fireEvent.change(screen.getByLabelText('Another number'), { target: { value: MINE } });
    fireEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect((await screen.findByTestId('sandbox-phone-number')).textContent).toBe('+90 532 123 45 67');
    expect(screen.queryByTestId('sandbox-elsewhere')).toBeNull();
  });

  it('does not keep showing the phone before when the number chosen next is refused', async () => {
    serve();
    renderWithApp(<SandboxPhonePage />);
    expect(await screen.findAllByTestId('sandbox-message')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Another number'), { target: { value: THEIRS } });
    fireEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(await screen.findByTestId('sandbox-elsewhere')).toBeTruthy();
    expect(screen.queryByTestId('sandbox-message')).toBeNull();
    expect(screen.queryByTestId('sandbox-phone-number')).toBeNull();
  });
});
