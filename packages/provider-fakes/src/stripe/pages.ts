/**
 * The two browser pages of the Stripe stand-in, plain HTML with no script: the hosted checkout page
 * (`GET /checkout/:id`, a Pay button and a Cancel link) and the customer portal (`GET /billing_portal/:id`,
 * the customer's subscriptions with Cancel at period end / Resume and a Return link).
 */
import type { CheckoutSessionObject, PriceObject, SubscriptionObject } from './stripe-objects.ts';

export const PAGE_TITLE = 'Stripe test mode (local stand-in)';

export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** `1999, 'usd'` -> `$19.99`; zero-decimal currencies (JPY…) as they are. */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** `per month`, `every 3 months`. */
export function describeInterval(price: PriceObject): string {
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}

function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1f36; }
  .banner { background: #ffde92; color: #663c00; padding: .25rem .75rem; border-radius: .25rem; font-size: .85rem; display: inline-block; }
  h1 { font-size: 1.4rem; }
  .amount { font-size: 2rem; font-weight: 600; }
  .card { border: 1px solid #e3e8ee; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  button { font: inherit; background: #635bff; color: #fff; border: 0; border-radius: .375rem; padding: .5rem 1.25rem; cursor: pointer; }
  a { color: #635bff; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1rem; }
`;

export function page(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · ${PAGE_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="banner">${PAGE_TITLE}</p>
<h1>${escapeHtml(heading)}</h1>
${body}
</body>
</html>
`;
}

export function messagePage(heading: string, message: string, link?: { href: string; label: string }): string {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return page(heading, `<p>${escapeHtml(message)}</p>${back}`);
}

export function checkoutPage(session: CheckoutSessionObject, price: PriceObject, quantity: number): string {
  if (session.status !== 'open') {
    const link = session.status === 'complete' && session.success_url ? session.success_url : session.cancel_url;
    return messagePage(
      'Checkout unavailable',
      `This checkout session is ${session.status}.`,
      link ? { href: link, label: 'Back' } : undefined,
    );
  }
  const each = quantity === 1 ? '' : ` (${quantity} × ${formatAmount(price.unit_amount, price.currency)})`;
  const tax =
    session.total_details.amount_tax > 0
      ? `<p>Includes ${formatAmount(session.total_details.amount_tax, session.currency)} tax</p>`
      : '';
  const email = session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '';
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  return page(
    'Subscribe',
    `<div class="card">
<p>Price <code>${escapeHtml(price.id)}</code>${escapeHtml(each)}</p>
<p class="amount" data-testid="amount">${escapeHtml(formatAmount(session.amount_total, session.currency))} <small>${escapeHtml(describeInterval(price))}</small></p>
${tax}${email}<p>Test card 4242 4242 4242 4242: no card details are needed here.</p>
</div>
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay" class="actions">
<button type="submit">Pay</button>
${cancel}
</form>`,
  );
}

export function portalPage(portalId: string, returnUrl: string | null, subscriptions: SubscriptionObject[]): string {
  const base = `/billing_portal/${encodeURIComponent(portalId)}/subscriptions`;
  const cards = subscriptions.map((sub) => {
    const item = sub.items.data[0];
    const price = item
      ? `${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} ${describeInterval(item.price)}`
      : '';
    let state: string;
    let action = '';
    const actionUrl = `${base}/${encodeURIComponent(sub.id)}`;
    if (sub.status === 'canceled') {
      state = `Canceled${sub.ended_at ? ` on ${formatDate(sub.ended_at)}` : ''}`;
    } else if (sub.cancel_at_period_end) {
      state = `Cancels on ${formatDate(sub.cancel_at ?? item?.current_period_end ?? 0)}`;
      action = `<form method="post" action="${actionUrl}/resume"><button type="submit">Resume</button></form>`;
    } else {
      state = `${sub.status === 'past_due' ? 'Past due. ' : ''}Renews on ${formatDate(item?.current_period_end ?? 0)}`;
      action = `<form method="post" action="${actionUrl}/cancel"><button type="submit">Cancel at period end</button></form>`;
    }
    return `<div class="card" data-subscription="${escapeHtml(sub.id)}">
<p><strong>${escapeHtml(price)}</strong></p>
<p>${escapeHtml(state)}</p>
<p><code>${escapeHtml(sub.id)}</code>, status ${escapeHtml(sub.status)}</p>
${action}
</div>`;
  });
  const list = cards.length > 0 ? cards.join('\n') : '<p>No subscriptions.</p>';
  const back = returnUrl ? `<p class="actions"><a href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  return page('Your subscriptions', `${list}\n${back}`);
}
