import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { receiveWebhook } from './billing-events.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { loadPlans, type PlansConfig } from './plans.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import type { BillingContext } from './subscriptions.service.ts';

export type BillingRuntime = BillingContext & {
  plans: PlansConfig;
  /** Set when there are no Stripe keys: the built-in test-mode provider. */
  sandbox: SandboxProvider | undefined;
};

/** Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise; the plans file either way. */
export function createBillingRuntime(deps: {
  env: Env;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Overrides the sandbox's clock (seconds) in tests. */
  sandboxNow?: () => number;
}): BillingRuntime {
  const { env, database, logger } = deps;
  const plans = loadPlans(env.PLANS_FILE);
  const base = { database, logger, publicUrl: env.PUBLIC_URL };
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const provider: PaymentProvider = createStripeProvider({
      ...env,
      STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    });
    return { ...base, provider, plans, sandbox: undefined };
  }
  const runtime: BillingRuntime = {
    ...base,
    plans,
    provider: undefined as unknown as PaymentProvider,
    sandbox: undefined,
  };
  const sandbox = createSandboxProvider({
    db: database.db,
    plans,
    publicUrl: env.PUBLIC_URL,
    sessionSecret: deps.sessionSecret,
    deliver: (rawBody, signature) => receiveWebhook(runtime, rawBody, signature),
    ...(deps.sandboxNow ? { now: deps.sandboxNow } : {}),
  });
  runtime.provider = sandbox;
  runtime.sandbox = sandbox;
  return runtime;
}
