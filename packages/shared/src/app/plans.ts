/**
 * The two plans of spec §1 and §6, the one list of them: a person's plan (accessLevel on the
 * profile), the plan a model or tool needs, what credits are counted for. (How long a Pro
 * subscription runs — week, 3 months… — is its billing period, see billing.)
 */
export const PLANS = ['free', 'pro'] as const;
export type Plan = (typeof PLANS)[number];
