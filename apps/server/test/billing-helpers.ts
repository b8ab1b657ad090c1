import type { BillingPeriod, SandboxCheckout, SubscriptionResponse } from '@polymath/shared';
import { expect } from 'vitest';
import type { TestClient } from './auth-helpers.ts';

export async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

/** What the sandbox checkout page does: start checkout, pay without a card, come back and confirm. */
export async function buyThroughSandbox(c: TestClient, period: BillingPeriod): Promise<SubscriptionResponse> {
  const { url } = await json<{ url: string }>(await c.post('/api/billing/checkout', { period }));
  expect(url).toMatch(/\/payment\/sandbox\/checkout\/cs_sbx_/);
  const sessionId = url.split('/').pop() ?? '';
  const page = await json<SandboxCheckout>(await c.get(`/api/billing/sandbox/checkout/${sessionId}`));
  expect(page).toMatchObject({ status: 'open', period });
  const done = await json<{ url: string }>(await c.post(`/api/billing/sandbox/checkout/${sessionId}/complete`));
  expect(done.url).toBe(`http://localhost:3000/payment?checkout=success&session_id=${sessionId}`);
  return json<SubscriptionResponse>(await c.post('/api/billing/checkout/confirm', { sessionId }));
}

/** The secret the Stripe-mode tests sign their webhooks with. */
export const WEBHOOK_SECRET = 'whsec_test_polymath';

/** The server's environment in Stripe mode, against the Stripe stand-in at `apiUrl`. */
export function stripeTestEnv(apiUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_polymath',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_WEEK: 'price_week',
    STRIPE_PRICE_MONTHLY: 'price_monthly',
    STRIPE_PRICE_3MONTH: 'price_3month',
    STRIPE_PRICE_YEARLY: 'price_yearly',
    STRIPE_API_URL: apiUrl,
  };
}
