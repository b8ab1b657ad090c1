import type { TokenState } from '../../lib/store/user-slice.ts';

/** Spec §9: the session is renewed 5 minutes before it expires. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/**
 * The floor: a renewal comes at least this long after the answer before it. Each renewal in a row
 * that the floor held back doubles it (back-off), up to RENEW_FLOOR_MAX_MS.
 */
export const RENEW_FLOOR_MS = 60_000;
const RENEW_FLOOR_MAX_MS = 32 * 60_000;
/** However the floor grows, a renewal comes this long before the session ends, while it still can. */
const RENEW_LATEST_MS = 10_000;
/** The end is checked this long after the expiry, so that the server's clock has passed it too. */
const END_CHECK_AFTER_MS = 2_000;
/** Timers take at most 2^31-1 ms (~24.8 days); a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the renewals of the current session have done so far (kept between its answers). */
export type RenewalHistory = { sessionId: string; heldBack: number; endChecked: boolean } | null;

/**
 * - `renew`: ask the server again (it extends the session);
 * - `check-end`: the session cannot be extended (the server's fresh answer left less than the
 *   renewal margin): ask once, just after it ends, which signs the person out;
 * - `sign-out`: that check still found the session and it still cannot be extended: sign out.
 */
export type RenewalStep = { action: 'renew' | 'check-end' | 'sign-out'; delay: number; heldBack: boolean };

/**
 * The next step for a token just answered by the server. Its expiry is on this browser's clock
 * already (auth-session.ts), so the time left is the server's. Every step waits for its time, and
 * none repeats without a new answer, so no state of the clocks or of the session makes a burst.
 */
export function planRenewal(token: TokenState, history: RenewalHistory, now: number): RenewalStep {
  const known = history?.sessionId === token.value ? history : null;
  const left = token.expiresAt - now;
  if (left <= RENEW_BEFORE_MS) {
    if (known?.endChecked) return { action: 'sign-out', delay: 0, heldBack: false };
    return { action: 'check-end', delay: timer(left + END_CHECK_AFTER_MS), heldBack: false };
  }
  const due = left - RENEW_BEFORE_MS;
  const floor = Math.min(RENEW_FLOOR_MAX_MS, RENEW_FLOOR_MS * 2 ** (known?.heldBack ?? 0));
  const delay = Math.min(Math.max(due, floor), left - RENEW_LATEST_MS);
  return { action: 'renew', delay: timer(delay), heldBack: due < floor };
}

/** The history once `step`, planned for `token`, has been taken. */
export function afterStep(history: RenewalHistory, token: TokenState, step: RenewalStep): RenewalHistory {
  const heldBack = history?.sessionId === token.value ? history.heldBack : 0;
  return {
    sessionId: token.value,
    heldBack: step.heldBack ? heldBack + 1 : 0,
    endChecked: step.action === 'check-end',
  };
}

function timer(delay: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, delay));
}
