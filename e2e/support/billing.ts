import { type APIRequestContext, expect } from '@playwright/test';
import type { BillingPeriod } from '@polymath/shared';
import { originHeader } from './accounts.ts';

/**
 * Buys Pro through the payment sandbox's API, the calls its test-mode checkout page makes: start
 * checkout, pay (no card), confirm on return. For tests that need a Pro account but are not about
 * buying one (the purchase itself is driven through the UI in billing.spec.ts).
 */
export async function buyProThroughSandbox(request: APIRequestContext, period: BillingPeriod = 'monthly') {
  const headers = originHeader();
  const checkout = await request.post('/api/billing/checkout', { headers, data: { period } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop() ?? '';
  const paid = await request.post(`/api/billing/sandbox/checkout/${sessionId}/complete`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  const confirmed = await request.post('/api/billing/checkout/confirm', { headers, data: { sessionId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect(((await confirmed.json()) as { subscription: { entitled: boolean } }).subscription.entitled).toBe(true);
}
