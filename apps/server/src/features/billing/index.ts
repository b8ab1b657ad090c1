/** The billing feature's public face: what other features and the tools may use (the rest is its own). */

export type { BillingRuntime } from './billing-runtime.ts';
export type { PlanFacts } from './entitlement.ts';
export { paymentModeOf, planAt } from './entitlement.ts';
export { listRefunds, listWebhookFailures, moneyReport, retryRefund } from './money.service.ts';
export type { PlanFactsRow } from './plan-facts.ts';
export { PLAN_FACTS_COLUMNS, planFactsOfUser, toPlanFacts } from './plan-facts.ts';
export { hasRenewingSubscription } from './subscriptions.service.ts';
