import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../lib/theme/theme-provider.tsx';
import { LazyToaster } from '../../lib/toast/lazy-toaster.tsx';
import { apiError, mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import { SignInForm } from './sign-in-form.tsx';

afterAll(waitForToastTimers);

const SESSION = {
  session: { id: 's1', expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString() },
  user: { id: TEST_PROFILE.id, email: TEST_PROFILE.email },
};

/** The sign-in form as the auth screen shows it, with the app's toaster. */
function renderSignIn(onSignedIn: () => void) {
  return renderWithApp(
    <ThemeProvider>
      <SignInForm onStep={() => undefined} onSignedIn={onSignedIn} />
      <LazyToaster />
    </ThemeProvider>,
    { user: null, path: '/sign-in' },
  );
}

async function signIn(): Promise<void> {
  fireEvent.change(screen.getByLabelText(i18next.t('auth.email')), { target: { value: TEST_PROFILE.email } });
  fireEvent.change(screen.getByLabelText(i18next.t('auth.password')), { target: { value: 'Password-1' } });
  fireEvent.click(screen.getByRole('button', { name: i18next.t('auth.signIn') }));
}

describe('signing in when the session or the profile cannot be read (spec §4, §8)', () => {
  afterEach(() => forgetToasts());

  for (const [locale, texts] of [
    ['en', { session: 'Authentication failed', profile: 'Could not retrieve user information' }],
    ['tr', { session: 'Kimlik doğrulama başarısız oldu', profile: 'Kullanıcı bilgileri alınamadı' }],
  ] as const) {
    it(`a failed session fetch shows "${texts.session}" and leaves the person signed out (${locale})`, async () => {
      await i18next.changeLanguage(locale);
      mockApi(
        http.get('/api/config', () => HttpResponse.json({ appVersion: 7, authProviders: [], webSearch: true })),
        http.post('/api/auth/sign-in/email', () => HttpResponse.json({ token: 't', user: SESSION.user })),
        http.get('/api/auth/get-session', () => apiError(500, 'INTERNAL_ERROR')),
      );
      const onSignedIn = vi.fn();
      const { store } = renderSignIn(onSignedIn);
      await signIn();

      expect(await screen.findByText(texts.session)).toBeTruthy();
      expect(store.getState().user).toMatchObject({ currentUser: null, token: null, isLoadingUser: false });
      expect(onSignedIn).not.toHaveBeenCalled();
    });

    it(`a failed profile fetch shows "${texts.profile}" and ends the session (${locale})`, async () => {
      await i18next.changeLanguage(locale);
      mockApi(
        http.get('/api/config', () => HttpResponse.json({ appVersion: 7, authProviders: [], webSearch: true })),
        http.post('/api/auth/sign-in/email', () => HttpResponse.json({ token: 't', user: SESSION.user })),
        http.get('/api/auth/get-session', () => HttpResponse.json(SESSION)),
        http.get('/api/me', () => apiError(500, 'INTERNAL_ERROR')),
        http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })),
      );
      const sent = recordRequests();
      const onSignedIn = vi.fn();
      const { store } = renderSignIn(onSignedIn);
      await signIn();

      expect(await screen.findByText(texts.profile)).toBeTruthy();
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/auth/sign-out');
      expect(store.getState().user).toMatchObject({ currentUser: null, token: null, isLoadingUser: false });
      expect(onSignedIn).not.toHaveBeenCalled();
    });
  }
});
