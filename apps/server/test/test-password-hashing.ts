import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../src/app-env.ts';

/**
 * The test apps' password hashing: scrypt, as better-auth's own, at a 16th of its work factor
 * (N = 1024 against 16384, r = 8 against 16). better-auth's scrypt costs about 100 ms of CPU a hash,
 * and every signed-in test user takes two (sign-up and sign-in): more than a third of the CPU of the
 * server tests that sign people in (issue 33). Sign-up, sign-in, reset and change of password still
 * run through better-auth; only the work factor differs. A hash not written by this function (one
 * better-auth's default wrote) is checked by better-auth's own verifyPassword. The production path
 * keeps better-auth's default: the server processes the process tests, the browser tests and the
 * production smoke test start never get this, and auth.test.ts checks an app built without it.
 */
const MARK = 'test-scrypt$';
const PARAMS = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((done, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : done(key))),
  );
}

export const TEST_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${MARK}${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(MARK)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(MARK.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
