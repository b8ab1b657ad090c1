import type { PersonDetail } from '@polymath/shared/admin/admin.schema';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../features/admin/admin-texts.ts';
import { ThemeProvider } from '../../lib/theme/theme-provider.tsx';
import { apiError, mockApi, recordRequests } from '../../test/api-server.ts';
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

  it('finds people and opens a person, whose Pro grant is marked as granted', async () => {
    const person: PersonDetail = {
      id: 'p1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      displayName: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      plan: 'free',
      operator: false,
      banned: false,
      emailVerified: true,
      locale: 'en',
      banReason: null,
      banExpires: null,
      proGrantedUntil: null,
      subscription: null,
      credits: { used: 10, dailyLimit: 10, remaining: 0, resetsAt: '2026-01-03T00:00:00.000Z' },
      counts: { threads: 3, messages: 12, images: 1, documents: 0 },
      documents: [],
      signIns: [{ provider: 'credential', createdAt: '2026-01-02T10:00:00.000Z' }],
      whatsapp: null,
      sessions: [],
    };
    const granted: PersonDetail = { ...person, plan: 'pro', proGrantedUntil: '2026-02-01T10:00:00.000Z' };
    mockApi(
      http.get('/api/admin/me', () => HttpResponse.json(ME)),
      http.get('/api/admin/people', ({ request }) =>
        HttpResponse.json({
          people: new URL(request.url).searchParams.get('q') === 'ada' ? [person] : [],
          nextCursor: null,
        }),
      ),
      http.get('/api/admin/people/p1', () => HttpResponse.json(person)),
      http.post('/api/admin/people/p1/grant-pro', () => HttpResponse.json(granted)),
      http.get('/api/admin/audit', () => HttpResponse.json({ entries: [], nextCursor: null })),
    );
    const sent = recordRequests();
    const { router } = renderWithApp(page(), { path: '/admin/people' });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search people by email or name' }), {
      target: { value: 'ada' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('link', { name: /ada@example.com/ }));
    expect(await screen.findByRole('heading', { name: 'ada@example.com' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/people/p1');
    expect(screen.getByText('10 of 10 used, 0 left')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Pro without payment' }));
    expect(await screen.findByText('Pro granted for 30 days.')).toBeTruthy();
    expect(screen.getByText(/^Granted, no payment — until/)).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/admin/people/p1/grant-pro')?.body).toEqual({ days: 30 });
  });

  it("lists the queues' counts and retries a failed job", async () => {
    let failed = [
      {
        id: 'j1',
        queue: 'document-read',
        error: 'could not read',
        payload: { documentId: 'd1', prompt: '[12 characters]' },
        retryCount: 2,
        createdAt: '2026-01-02T10:00:00.000Z',
        failedAt: '2026-01-02T10:01:00.000Z',
      },
    ];
    mockApi(
      http.get('/api/admin/me', () => HttpResponse.json(ME)),
      http.get('/api/admin/jobs', () =>
        HttpResponse.json({
          queues: [{ name: 'document-read', waiting: 0, running: 0, failed: failed.length, completed: 4 }],
          failed,
        }),
      ),
      http.post('/api/admin/jobs/j1/retry', () => {
        failed = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithApp(page(), { path: '/admin/jobs' });
    expect(await screen.findByText('could not read')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'document-read' })).toBeTruthy();
    expect(screen.getByText('[12 characters]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry this document-read job' }));
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
  });

  it('has every text in English and Turkish', () => {
    expect(keyPaths(adminTexts.tr).sort()).toEqual(keyPaths(adminTexts.en).sort());
  });
});
