import type {
  BillingPlans,
  CheckoutRequest,
  RedirectResponse,
  SandboxCheckout,
  SubscriptionResponse,
} from '@polymath/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api/base-api.ts';
import { refreshProfile } from '../../lib/api/session-api.ts';
import { type AppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { isRenewingPro } from './subscription-text.ts';

/** A change of subscription changes what the user may do: their access level, credits and models. */
const CHANGED_BY_SUBSCRIPTION = ['Subscription', 'Me', 'Credits', 'Models'] as const;

/** The reads; the writes below put their answer straight into getSubscription's cache. */
const billingQueries = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/billing/plans (public): the offers, shortest period first, and the payment mode. */
    getBillingPlans: build.query<BillingPlans, void>({ query: () => '/billing/plans' }),
    /** GET /api/billing/subscription: the signed-in user's subscription, or null. */
    getSubscription: build.query<SubscriptionResponse, void>({
      query: () => '/billing/subscription',
      providesTags: ['Subscription'],
    }),
    /** GET /api/billing/sandbox/checkout/:id (sandbox mode only). */
    getSandboxCheckout: build.query<SandboxCheckout, string>({
      query: (id) => `/billing/sandbox/checkout/${encodeURIComponent(id)}`,
    }),
  }),
});

/**
 * After a call that answers with the subscription: show it at once, and put the new access level
 * into the user state (the profile lives there, not in a query, so invalidating 'Me' alone would
 * not reach it). A confirm that answers null (payment still pending) changed nothing.
 */
async function applySubscriptionChange(dispatch: AppDispatch, answer: Promise<{ data: SubscriptionResponse }>) {
  let data: SubscriptionResponse;
  try {
    ({ data } = await answer);
  } catch {
    return;
  }
  if (!data.subscription) return;
  dispatch(billingQueries.util.upsertQueryData('getSubscription', undefined, data));
  await refreshProfile(dispatch);
}

const afterChange = (result: SubscriptionResponse | undefined) =>
  result?.subscription ? [...CHANGED_BY_SUBSCRIPTION] : [];

export const billingApi = billingQueries.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/billing/checkout → where the browser goes: Stripe Checkout or the sandbox checkout page. */
    startCheckout: build.mutation<RedirectResponse, CheckoutRequest>({
      query: (body) => ({ url: '/billing/checkout', method: 'POST', body }),
    }),
    /** POST /api/billing/checkout/confirm: null while the payment is not complete yet. */
    confirmCheckout: build.mutation<SubscriptionResponse, { sessionId: string }>({
      query: (body) => ({ url: '/billing/checkout/confirm', method: 'POST', body }),
      // Polling answers null until the payment lands; only a real change refetches everything.
      invalidatesTags: afterChange,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        applySubscriptionChange(dispatch as AppDispatch, queryFulfilled),
    }),
    /** POST /api/billing/portal → Stripe's Customer Portal or the sandbox portal page. */
    openPortal: build.mutation<RedirectResponse, void>({
      query: () => ({ url: '/billing/portal', method: 'POST', body: {} }),
    }),
    /** POST /api/billing/cancel: cancels at the end of the period; Pro stays until then. */
    cancelSubscription: build.mutation<SubscriptionResponse, void>({
      query: () => ({ url: '/billing/cancel', method: 'POST', body: {} }),
      invalidatesTags: [...CHANGED_BY_SUBSCRIPTION],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        applySubscriptionChange(dispatch as AppDispatch, queryFulfilled),
    }),
    /** POST /api/billing/resume: undoes a cancel before the period ends. */
    resumeSubscription: build.mutation<SubscriptionResponse, void>({
      query: () => ({ url: '/billing/resume', method: 'POST', body: {} }),
      invalidatesTags: [...CHANGED_BY_SUBSCRIPTION],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        applySubscriptionChange(dispatch as AppDispatch, queryFulfilled),
    }),
    /** POST /api/billing/sandbox/checkout/:id/complete → the success URL (sandbox mode only). */
    completeSandboxCheckout: build.mutation<RedirectResponse, string>({
      query: (id) => ({
        url: `/billing/sandbox/checkout/${encodeURIComponent(id)}/complete`,
        method: 'POST',
        body: {},
      }),
    }),
    /** POST /api/billing/sandbox/clock/advance: the test clock jumps to the end of the period. */
    advanceSandboxClock: build.mutation<SubscriptionResponse, void>({
      query: () => ({ url: '/billing/sandbox/clock/advance', method: 'POST', body: {} }),
      invalidatesTags: [...CHANGED_BY_SUBSCRIPTION],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        applySubscriptionChange(dispatch as AppDispatch, queryFulfilled),
    }),
  }),
});

export const {
  useGetBillingPlansQuery,
  useGetSubscriptionQuery,
  useGetSandboxCheckoutQuery,
  useStartCheckoutMutation,
  useConfirmCheckoutMutation,
  useOpenPortalMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useCompleteSandboxCheckoutMutation,
  useAdvanceSandboxClockMutation,
} = billingApi;

/** The signed-in user's subscription; no request at all for a signed-out visitor. */
export function useSubscription() {
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  return useGetSubscriptionQuery(signedIn ? undefined : skipToken);
}

/** A Pro subscription that will renew: it must be cancelled before the account can be deleted (spec §4). */
export function useRenewingPro(): boolean {
  const pro = useAppSelector((s) => s.user.currentUser?.accessLevel === 'pro');
  const { data } = useGetSubscriptionQuery(pro ? undefined : skipToken);
  return pro && isRenewingPro(data?.subscription);
}
