/** How often a Stripe price renews (`recurring.interval`), plus `day` for retry schedules. */
export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

const DAY = 86_400;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `anchor` (seconds) moved forward `count` intervals, as Stripe's billing cycle does: months and
 * years step by calendar month in UTC and keep the anchor's day, clamped to the month's last day
 * (31 January + 1 month = 28 February; + 2 months = 31 March). Periods are counted from the
 * subscription's anchor, never from the previous period's clamped end. The one calendar of the
 * payment sandbox and of the Stripe stand-in.
 */
export function addBillingInterval(anchor: number, interval: CalendarInterval, count: number): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const date = new Date(anchor * 1000);
  const months = interval === 'year' ? count * 12 : count;
  const total = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return Math.floor(Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000);
}

/** The end of the first period that ends after `after`, for a subscription anchored at `anchor`. */
export function nextPeriodEnd(anchor: number, interval: CalendarInterval, count: number, after: number): number {
  let cycle = 1;
  let end = addBillingInterval(anchor, interval, count * cycle);
  while (end <= after) {
    cycle += 1;
    end = addBillingInterval(anchor, interval, count * cycle);
  }
  return end;
}
