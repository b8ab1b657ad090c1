import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../features/admin/admin-texts.ts';
import { ThemeProvider } from '../../lib/theme/theme-provider.tsx';
import { apiError, mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { Component as CatchAll } from './not-found.tsx';

/** The catch-all route as the app mounts it (inside the theme, for the console's header). */
const page = () => (
  <ThemeProvider>
    <CatchAll />
  </ThemeProvider>
);

const ME = { id: 'op1', email: 'op@example.com', name: 'Op', operators: 1 };

/** Every key path of a JSON value. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('the operator console (/admin)', () => {
  it.each([
    [403, 'FORBIDDEN'],
    [401, 'UNAUTHORIZED'],
  ])('is the not-found page when the server answers %i', async (status, code) => {
    mockApi(http.get('/api/admin/me', () => apiError(status, code)));
    renderWithApp(page(), { path: '/admin/people' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('admin-console')).toBeNull();
  });

  it('opens for an operator with every section in its navigation', async () => {
    mockApi(
      http.get('/api/admin/me', () => HttpResponse.json(ME)),
      http.get('/api/admin/audit', () => HttpResponse.json({ entries: [], nextCursor: null })),
    );
    renderWithApp(page(), { path: '/admin/audit' });
    expect(await screen.findByTestId('admin-console')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['People', '/admin/people'],
      ['Usage', '/admin/usage'],
      ['Money', '/admin/money'],
      ['Jobs', '/admin/jobs'],
      ['Models', '/admin/models'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(await screen.findByText('No operator actions yet.')).toBeTruthy();
  });

  it('shows the not-found page for an address no section has, even to an operator', async () => {
    mockApi(http.get('/api/admin/me', () => HttpResponse.json(ME)));
    renderWithApp(page(), { path: '/admin/nothing-here' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('has every text in English and Turkish', () => {
    expect(keyPaths(adminTexts.tr).sort()).toEqual(keyPaths(adminTexts.en).sort());
  });
});
