import { describe, expect, it } from 'vitest';
import { groupThreadsByDate, zonedDayNumber } from './group-threads.ts';

const IST = 'Europe/Istanbul'; // UTC+3 all year
const LA = 'America/Los_Angeles'; // UTC-8, UTC-7 in summer (2026: from 8 March to 1 November)

type T = { id: string; updatedAt: string };
const thread = (id: string, updatedAt: string): T => ({ id, updatedAt });

/** The groups as { key: ids } for short assertions. */
function grouped(threads: T[], now: string, timeZone: string) {
  return Object.fromEntries(
    groupThreadsByDate(threads, new Date(now), timeZone).map((g) => [g.key, g.threads.map((t) => t.id)]),
  );
}

describe('zonedDayNumber', () => {
  it('counts calendar days in the given zone', () => {
    // 21:30 UTC on the 14th is already the 15th in Istanbul and still the 14th in Los Angeles.
    const instant = new Date('2026-03-14T21:30:00Z');
    expect(zonedDayNumber(instant, IST) - zonedDayNumber(instant, 'UTC')).toBe(1);
    expect(zonedDayNumber(instant, LA) - zonedDayNumber(instant, 'UTC')).toBe(0);
  });
});

describe('groupThreadsByDate', () => {
  it('splits the day at midnight in Istanbul, not at midnight UTC', () => {
    const now = '2026-03-15T00:30:00+03:00';
    const result = grouped(
      [
        thread('midnight', '2026-03-15T00:00:00+03:00'), // 21:00 UTC on the 14th
        thread('lastMinuteYesterday', '2026-03-14T23:59:59+03:00'),
      ],
      now,
      IST,
    );
    expect(result).toEqual({ today: ['midnight'], previous7: ['lastMinuteYesterday'] });
  });

  it('splits the day at midnight in Los Angeles, not at midnight UTC', () => {
    const now = '2026-07-10T23:30:00-07:00'; // 06:30 UTC on the 11th
    const result = grouped(
      [
        thread('lateEvening', '2026-07-10T23:59:59-07:00'), // the 11th in UTC
        thread('earlyMorning', '2026-07-10T00:00:00-07:00'),
        thread('beforeMidnight', '2026-07-09T23:59:59-07:00'),
      ],
      now,
      LA,
    );
    expect(result).toEqual({ today: ['lateEvening', 'earlyMorning'], previous7: ['beforeMidnight'] });
  });

  it('puts the same instants in different groups for different zones', () => {
    const now = '2026-03-14T22:00:00Z'; // the 15th in Istanbul, the 14th in Los Angeles
    const threads = [thread('a', '2026-03-14T12:00:00Z')];
    expect(grouped(threads, now, IST)).toEqual({ previous7: ['a'] });
    expect(grouped(threads, now, LA)).toEqual({ today: ['a'] });
  });

  it('counts exactly 7 days before today as Previous 7 Days and the 8th as Last Month', () => {
    const now = '2026-03-15T12:00:00+03:00';
    const result = grouped(
      [
        thread('oneDay', '2026-03-14T12:00:00+03:00'),
        thread('sevenDaysStart', '2026-03-08T00:00:00+03:00'),
        thread('sevenDaysEnd', '2026-03-08T23:59:59+03:00'),
        thread('eightDays', '2026-03-07T23:59:59+03:00'),
      ],
      now,
      IST,
    );
    expect(result).toEqual({
      previous7: ['oneDay', 'sevenDaysStart', 'sevenDaysEnd'],
      lastMonth: ['eightDays'],
    });
  });

  it('keeps the 30 days before those as Last Month and anything older as Other Days', () => {
    const now = '2026-03-15T12:00:00+03:00';
    const result = grouped(
      [
        thread('day37', '2026-02-06T00:00:00+03:00'),
        thread('day38', '2026-02-05T23:59:59+03:00'),
        thread('lastYear', '2025-03-15T12:00:00+03:00'),
      ],
      now,
      IST,
    );
    expect(result).toEqual({ lastMonth: ['day37'], other: ['day38', 'lastYear'] });
  });

  it('counts calendar days across a month boundary', () => {
    const now = '2026-03-01T00:10:00+03:00';
    const result = grouped(
      [
        thread('today', '2026-03-01T00:00:00+03:00'),
        thread('yesterday', '2026-02-28T23:50:00+03:00'),
        thread('sevenDays', '2026-02-22T08:00:00+03:00'),
        thread('eightDays', '2026-02-21T23:59:00+03:00'),
        thread('thirtySevenDays', '2026-01-23T10:00:00+03:00'),
        thread('thirtyEightDays', '2026-01-22T10:00:00+03:00'),
      ],
      now,
      IST,
    );
    expect(result).toEqual({
      today: ['today'],
      previous7: ['yesterday', 'sevenDays'],
      lastMonth: ['eightDays', 'thirtySevenDays'],
      other: ['thirtyEightDays'],
    });
  });

  it('handles a leap day and a year boundary', () => {
    expect(grouped([thread('leapDay', '2024-02-29T22:00:00-08:00')], '2024-03-01T09:00:00-08:00', LA)).toEqual({
      previous7: ['leapDay'],
    });
    expect(grouped([thread('newYearsEve', '2025-12-31T23:59:00+03:00')], '2026-01-01T00:01:00+03:00', IST)).toEqual({
      previous7: ['newYearsEve'],
    });
  });

  it('counts days, not 24-hour spans, across a daylight saving change', () => {
    // 8 March 2026 is 23 hours long in Los Angeles.
    const now = '2026-03-09T00:30:00-07:00';
    const result = grouped(
      [
        thread('yesterdayStart', '2026-03-08T00:00:00-08:00'),
        thread('sevenDays', '2026-03-02T00:00:00-08:00'),
        thread('eightDays', '2026-03-01T23:59:00-08:00'),
      ],
      now,
      LA,
    );
    expect(result).toEqual({ previous7: ['yesterdayStart', 'sevenDays'], lastMonth: ['eightDays'] });
  });

  it('treats a time slightly in the future as today and an unreadable date as Other Days', () => {
    const result = grouped(
      [thread('future', '2026-03-15T12:05:00+03:00'), thread('broken', 'not a date')],
      '2026-03-15T12:00:00+03:00',
      IST,
    );
    expect(result).toEqual({ today: ['future'], other: ['broken'] });
  });

  it('returns the groups in order, leaves empty ones out and keeps the order inside a group', () => {
    const now = '2026-03-15T12:00:00+03:00';
    const groups = groupThreadsByDate(
      [
        thread('old', '2020-01-01T00:00:00Z'),
        thread('today2', '2026-03-15T09:00:00+03:00'),
        thread('today1', '2026-03-15T11:00:00+03:00'),
      ],
      new Date(now),
      IST,
    );
    expect(groups.map((g) => g.key)).toEqual(['today', 'other']);
    expect(groups[0]?.threads.map((t) => t.id)).toEqual(['today2', 'today1']);
    expect(groupThreadsByDate([], new Date(now), IST)).toEqual([]);
  });

  it("uses the runtime's time zone by default", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = new Date('2026-03-15T12:00:00Z');
    const threads = [thread('a', '2026-03-14T23:30:00Z'), thread('b', '2026-03-10T00:30:00Z')];
    expect(groupThreadsByDate(threads, now)).toEqual(groupThreadsByDate(threads, now, zone));
  });
});
