/**
 * Every time limit of the browser tests goes through `timeLimit()`, and so do Vitest's default
 * limits (vitest.config.ts). A limit is for a hung test, never a measurement: a test that passes is
 * not slowed by it.
 *
 * On CI the browser tests share 2 vCPUs with the unit suite, the server and two Chromiums, and CI's
 * machine has run the suite at half the pace of an idle one; a failed test's second try records a
 * trace and is slower still. A CI run of passing code once failed five journeys on their limits
 * (issue 33), so there every limit is three times the one that suits an idle machine. Locally the
 * limits stay as they are, so a broken test fails quickly; TEST_TIME_SCALE overrides both.
 */
function timeScale(): number {
  const given = process.env.TEST_TIME_SCALE;
  if (given === undefined || given === '') return process.env.CI ? 3 : 1;
  const scale = Number(given);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`TEST_TIME_SCALE must be a positive number (like 2), not "${given}"`);
  }
  return scale;
}

export const TIME_SCALE = timeScale();

/** A time limit in milliseconds, as it suits an idle machine, scaled for this one. */
export function timeLimit(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
