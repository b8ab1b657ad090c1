import { describe, expect, it } from 'vitest';
import { formatUtcOffset, isValidTimeZone, startOfLocalDay, utcOffsetMs, zonedTimeToUtc } from './local-time.ts';

const utc = (year: number, month: number, day: number, hour: number, minute: number, zone: string) =>
  zonedTimeToUtc({ year, month, day, hour, minute }, zone).toISOString();

describe('local time to UTC', () => {
  it('follows New York across both clock changes of 2024', () => {
    expect(utc(2024, 1, 15, 12, 0, 'America/New_York')).toBe('2024-01-15T17:00:00.000Z'); // EST, UTC−5
    expect(utc(2024, 7, 1, 12, 0, 'America/New_York')).toBe('2024-07-01T16:00:00.000Z'); // EDT, UTC−4
    // 10 March: 01:59 EST is followed by 03:00 EDT.
    expect(utc(2024, 3, 10, 1, 30, 'America/New_York')).toBe('2024-03-10T06:30:00.000Z');
    expect(utc(2024, 3, 10, 3, 30, 'America/New_York')).toBe('2024-03-10T07:30:00.000Z');
    // 02:30 never happened: moved forward by the gap, to 03:30 EDT.
    expect(utc(2024, 3, 10, 2, 30, 'America/New_York')).toBe('2024-03-10T07:30:00.000Z');
    // 3 November: 01:30 happened twice; the earlier (EDT) is taken.
    expect(utc(2024, 11, 3, 1, 30, 'America/New_York')).toBe('2024-11-03T05:30:00.000Z');
    expect(utc(2024, 11, 3, 2, 30, 'America/New_York')).toBe('2024-11-03T07:30:00.000Z');
  });

  it('follows London into and out of summer time', () => {
    expect(utc(2024, 3, 31, 0, 30, 'Europe/London')).toBe('2024-03-31T00:30:00.000Z');
    expect(utc(2024, 3, 31, 1, 30, 'Europe/London')).toBe('2024-03-31T01:30:00.000Z'); // skipped: 02:30 BST
    expect(utc(2024, 3, 31, 2, 30, 'Europe/London')).toBe('2024-03-31T01:30:00.000Z');
    expect(utc(2024, 10, 27, 1, 30, 'Europe/London')).toBe('2024-10-27T00:30:00.000Z'); // first (BST) of two
  });

  it('knows Istanbul: UTC+3 all year since 2016, summer time before', () => {
    expect(utc(2024, 1, 10, 12, 0, 'Europe/Istanbul')).toBe('2024-01-10T09:00:00.000Z');
    expect(utc(2024, 7, 10, 12, 0, 'Europe/Istanbul')).toBe('2024-07-10T09:00:00.000Z');
    expect(utc(1990, 1, 10, 12, 0, 'Europe/Istanbul')).toBe('1990-01-10T10:00:00.000Z');
    expect(utc(1990, 7, 10, 12, 0, 'Europe/Istanbul')).toBe('1990-07-10T09:00:00.000Z');
  });

  it('handles half-hour zones and the date line', () => {
    expect(utc(2024, 6, 1, 12, 0, 'Asia/Kolkata')).toBe('2024-06-01T06:30:00.000Z');
    expect(utc(2024, 6, 1, 12, 0, 'Asia/Kathmandu')).toBe('2024-06-01T06:15:00.000Z');
    expect(utc(2024, 6, 1, 0, 30, 'Pacific/Auckland')).toBe('2024-05-31T12:30:00.000Z');
  });

  it('reports offsets and zone validity', () => {
    expect(formatUtcOffset(utcOffsetMs(new Date('2024-07-01T12:00:00Z'), 'America/New_York'))).toBe('-04:00');
    expect(formatUtcOffset(utcOffsetMs(new Date('2024-07-01T12:00:00Z'), 'Asia/Kathmandu'))).toBe('+05:45');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(isValidTimeZone('Europe/Istanbul')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('finds local midnights, also on a 23-hour day', () => {
    const now = new Date('2024-03-10T15:00:00Z');
    expect(startOfLocalDay(now, 'America/New_York').toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfLocalDay(now, 'America/New_York', 1).toISOString()).toBe('2024-03-11T04:00:00.000Z');
    // 22:00 UTC on 31 January is already 1 February in Istanbul.
    expect(startOfLocalDay(new Date('2024-01-31T22:00:00Z'), 'Europe/Istanbul').toISOString()).toBe(
      '2024-01-31T21:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2024-01-31T22:00:00Z'), 'Europe/Istanbul', 1).toISOString()).toBe(
      '2024-02-01T21:00:00.000Z',
    );
  });
});
