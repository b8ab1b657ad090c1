import { act } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, recordRequests, type SentRequest } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { useAuthSession } from './use-auth-session.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function Session() {
  useAuthSession();
  return null;
}

/**
 * The server's side of the session: its clock (`serverNow`), and the session's expiry, which a
 * renewal moves (`extend`) or not; once expired, the server knows no session. Every answer carries
 * the server's Date header, as Node's HTTP server sends it.
 */
function serveSession({
  serverNow,
  expiresAt,
  extend,
  answersFor = 0,
}: {
  serverNow: () => number;
  expiresAt: number;
  extend?: number;
  /** How long past its expiry the server still answers with the session (a server at odds with itself). */
  answersFor?: number;
}) {
  let expiry = expiresAt;
  const dateHeader = () => ({ Date: new Date(serverNow()).toUTCString() });
  mockApi(
    http.get('/api/auth/get-session', () => {
      const now = serverNow();
      if (now >= expiry + answersFor) return HttpResponse.json(null, { headers: dateHeader() });
      if (extend !== undefined) expiry = now + extend;
      return HttpResponse.json(
        {
          session: { id: 's1', expiresAt: new Date(expiry).toISOString() },
          user: { id: TEST_PROFILE.id, email: TEST_PROFILE.email },
        },
        { headers: dateHeader() },
      );
    }),
    http.get('/api/me', () => HttpResponse.json(TEST_PROFILE, { headers: dateHeader() })),
    http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true }, { headers: dateHeader() })),
  );
}

/**
 * Lets `minutes` of fake time pass five seconds at a time, with the requests and renders they start,
 * checking after each step that the page asked for the session at most `bound` times so far (a storm
 * fails at once instead of running the fake clock into its timer limit).
 */
async function pass(minutes: number, sent: SentRequest[], bound: number): Promise<void> {
  for (let step = 0; step < minutes * 12; step += 1) {
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(sessionCalls(sent), `session requests after ${(step + 1) * 5} s`).toBeLessThanOrEqual(bound);
  }
}

function sessionCalls(sent: SentRequest[]): number {
  return sent.filter((r) => r.path === '/api/auth/get-session').length;
}

describe('renewing the session', { timeout: 30_000 }, () => {
  const start = Date.UTC(2026, 5, 1, 12);
  beforeEach(() => {
    vi.useFakeTimers({ now: start, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with the browser clock 31 days ahead, asks the server a bounded number of times and stays signed in', async () => {
    const ahead = 31 * DAY;
    vi.setSystemTime(start + ahead);
    // A 30-day session that a renewal extends by another 30 days, on the server's clock.
    serveSession({ serverNow: () => Date.now() - ahead, expiresAt: start + 30 * DAY, extend: 30 * DAY });
    const sent = recordRequests();
    const { store } = renderWithApp(<Session />, { user: null });

    await pass(10, sent, 1);
    expect(sessionCalls(sent)).toBe(1);
    expect(store.getState().user.currentUser?.id).toBe(TEST_PROFILE.id);
  });

  it('renews a session the server extends 5 minutes before it ends, and stays signed in', async () => {
    serveSession({ serverNow: () => Date.now(), expiresAt: start + 8 * MINUTE, extend: 8 * MINUTE });
    const sent = recordRequests();
    const { store } = renderWithApp(<Session />, { user: null });

    // Renewals at 3, 6 and 9 minutes, each 5 minutes before the expiry the one before gave.
    await pass(2.5, sent, 1);
    await pass(1, sent, 2);
    await pass(7, sent, 4);
    expect(sessionCalls(sent)).toBe(4);
    expect(store.getState().user.currentUser?.id).toBe(TEST_PROFILE.id);
  });

  it('backs off renewing a session the server extends by little each time, keeping it alive', async () => {
    serveSession({ serverNow: () => Date.now(), expiresAt: start + 5.5 * MINUTE, extend: 5.5 * MINUTE });
    const sent = recordRequests();
    const { store } = renderWithApp(<Session />, { user: null });

    // Due every 30 s, held back to 1, 2 and 4 minutes apart, then as late as the session allows.
    await pass(30, sent, 9);
    expect(store.getState().user.currentUser?.id).toBe(TEST_PROFILE.id);
  });

  it('with a session the server does not extend, asks a bounded number of times and ends signed out at its expiry', async () => {
    serveSession({ serverNow: () => Date.now(), expiresAt: start + 4 * MINUTE });
    const sent = recordRequests();
    const { store } = renderWithApp(<Session />, { user: null });

    await pass(3, sent, 1);
    expect(store.getState().user.currentUser?.id).toBe(TEST_PROFILE.id);
    await pass(7, sent, 2);
    expect(sessionCalls(sent)).toBe(2);
    expect(sent.filter((r) => r.path === '/api/auth/sign-out')).toEqual([]);
    expect(store.getState().user).toMatchObject({ currentUser: null, token: null, isLoadingUser: false });
  });

  it('signs out when the check at the end still finds a session that cannot be extended', async () => {
    serveSession({ serverNow: () => Date.now(), expiresAt: start + 4 * MINUTE, answersFor: 10 * MINUTE });
    const sent = recordRequests();
    const { store } = renderWithApp(<Session />, { user: null });

    await pass(10, sent, 2);
    expect(sessionCalls(sent)).toBe(2);
    expect(sent.filter((r) => r.path === '/api/auth/sign-out')).toHaveLength(1);
    expect(store.getState().user).toMatchObject({ currentUser: null, token: null, isLoadingUser: false });
  });
});
