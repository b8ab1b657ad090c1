import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets.ts';

describe('loadOrCreateSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'polymath-secrets-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates DATA_DIR/secrets.json with mode 0600 on first call and reuses it on the second', () => {
    const file = join(dir, 'secrets.json');
    expect(existsSync(file)).toBe(false);
    const first = loadOrCreateSecrets(dir, {});
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sessionSecret: first.sessionSecret });
    const mtime = statSync(file).mtimeMs;

    const second = loadOrCreateSecrets(dir, { SESSION_SECRET: undefined });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  it('generates a different secret for a different DATA_DIR', () => {
    const other = mkdtempSync(join(tmpdir(), 'polymath-secrets-'));
    try {
      expect(loadOrCreateSecrets(dir, {}).sessionSecret).not.toBe(loadOrCreateSecrets(other, {}).sessionSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('creates DATA_DIR when it does not exist', () => {
    const nested = join(dir, 'a', 'b');
    loadOrCreateSecrets(nested, {});
    expect(statSync(join(nested, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('lets SESSION_SECRET from the environment win without writing it anywhere', () => {
    const fromEnv = 'e'.repeat(40);
    expect(loadOrCreateSecrets(dir, { SESSION_SECRET: fromEnv }).sessionSecret).toBe(fromEnv);
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);

    const stored = loadOrCreateSecrets(dir, {}).sessionSecret;
    const before = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(loadOrCreateSecrets(dir, { SESSION_SECRET: fromEnv }).sessionSecret).toBe(fromEnv);
    const after = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(after).toBe(before);
    expect(after).not.toContain(fromEnv);
    expect(JSON.parse(after)).toEqual({ sessionSecret: stored });
  });

  it('keeps other keys stored in secrets.json', () => {
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ other: 'x' }), { mode: 0o600 });
    const { sessionSecret } = loadOrCreateSecrets(dir, {});
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({ other: 'x', sessionSecret });
  });
});
