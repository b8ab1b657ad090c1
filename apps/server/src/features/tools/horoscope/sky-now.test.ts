import { describe, expect, it } from 'vitest';
import { createSkyNow } from './sky-now.ts';

describe('createSkyNow', () => {
  it('computes the sky of the current minute for the zone’s today and shares it within the minute', () => {
    let now = new Date('2024-03-20T03:07:40Z'); // a minute after the March equinox (03:06 UTC)
    const skyNow = createSkyNow(() => now);
    const sky = skyNow('Europe/Istanbul');
    expect(sky.at).toBe('2024-03-20T03:07:00Z');
    expect(sky.positions.find((p) => p.body === 'sun')).toMatchObject({ sign: 'aries' });
    expect(sky.positions.find((p) => p.body === 'sun')?.degree).toBeLessThan(0.01);
    // Istanbul's 20 March: from 21:00 UTC the day before; the Sun's ingress falls inside it.
    expect(sky.period).toEqual({
      start: '2024-03-19T21:00:00Z',
      end: '2024-03-20T21:00:00Z',
      timeZone: 'Europe/Istanbul',
    });
    expect(sky.ingresses).toContainEqual(expect.objectContaining({ body: 'sun', sign: 'aries', retrograde: false }));

    now = new Date('2024-03-20T03:07:59Z');
    expect(skyNow('europe/ISTANBUL')).toBe(sky);
    now = new Date('2024-03-20T03:08:00Z');
    const next = skyNow('Europe/Istanbul');
    expect(next).not.toBe(sky);
    expect(next.at).toBe('2024-03-20T03:08:00Z');
  });

  it('reads an unknown or missing zone as UTC', () => {
    const skyNow = createSkyNow(() => new Date('2024-06-20T20:52:30Z'));
    expect(skyNow(undefined).period.timeZone).toBe('UTC');
    expect(skyNow('Mars/Olympus_Mons').period).toMatchObject({ timeZone: 'UTC', start: '2024-06-20T00:00:00Z' });
    // The June solstice (20:51 UTC): the Sun has just entered Cancer.
    expect(skyNow(undefined).positions.find((p) => p.body === 'sun')?.sign).toBe('cancer');
  });
});
