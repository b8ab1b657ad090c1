import { ERROR_STATUS, type Subscription, taxOn } from '@polymath/shared';
import { CircleCheckBig, LogIn, MessageSquare, RotateCw, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { authDialogOpened, subscriptionSuccessDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { useConfirmCheckoutMutation, useGetBillingPlansQuery } from './billing-api.ts';
import { planName } from './subscription-text.ts';
import { useBillingFormat } from './use-billing-format.ts';

/** The payment usually lands within seconds of the redirect; after this long, say it may take a minute. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_FOR_MS = 30_000;

type ConfirmState =
  | { kind: 'confirming' }
  | { kind: 'slow' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'done'; subscription: Subscription };

/**
 * Asks the server about the checkout every 2 s until the subscription exists, for up to ~30 s.
 * A client error (unknown session, not signed in) ends it at once; a network or server hiccup
 * is retried like a pending payment.
 */
function useCheckoutConfirmation(sessionId: string) {
  const [confirm] = useConfirmCheckoutMutation();
  const [state, setState] = useState<ConfirmState>({ kind: 'confirming' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round restarts the polling on purpose
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const attempt = async () => {
      const result = await confirm({ sessionId });
      if (stopped) return;
      if (result.data?.subscription) return setState({ kind: 'done', subscription: result.data.subscription });
      if (result.error) {
        const code = apiErrorCode(result.error);
        if (ERROR_STATUS[code] < 500 && code !== 'RATE_LIMITED')
          return setState({ kind: 'failed', error: result.error });
      }
      if (Date.now() - started + CONFIRM_POLL_MS > CONFIRM_FOR_MS) {
        return setState(result.error ? { kind: 'failed', error: result.error } : { kind: 'slow' });
      }
      timer = setTimeout(attempt, CONFIRM_POLL_MS);
    };
    void attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [confirm, sessionId, round]);

  const retry = () => {
    setState({ kind: 'confirming' });
    setRound((r) => r + 1);
  };
  return { state, retry };
}

/** The subscription-success dialog opens once per checkout, not again on a reload of this page. */
function firstCelebration(sessionId: string): boolean {
  const key = `polymath:checkout-celebrated:${sessionId}`;
  try {
    if (window.sessionStorage.getItem(key)) return false;
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Storage blocked: celebrate anyway.
  }
  return true;
}

/** /payment?checkout=success&session_id=…: confirm the payment, then the payment-ready screen (spec §2). */
export function PaymentReady({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  if (signedIn) return <ConfirmPayment sessionId={sessionId} />;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center" data-testid="payment-sign-in">
      <h1 className="text-2xl font-semibold tracking-tight">{t('billing.ready.signInTitle')}</h1>
      <p className="text-muted">{t('billing.ready.signInText')}</p>
      <Button size="lg" onClick={() => dispatch(authDialogOpened('signIn'))}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('auth.signIn')}
      </Button>
    </div>
  );
}

function ConfirmPayment({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { state, retry } = useCheckoutConfirmation(sessionId);
  const done = state.kind === 'done';

  useEffect(() => {
    if (done && firstCelebration(sessionId)) dispatch(subscriptionSuccessDialogSet(true));
  }, [done, sessionId, dispatch]);

  if (state.kind === 'done') return <PaymentComplete subscription={state.subscription} />;

  if (state.kind === 'confirming') {
    return (
      <div
        role="status"
        aria-live="polite"
        className="flex min-h-64 flex-col items-center justify-center gap-4 text-center"
        data-testid="payment-confirming"
      >
        <Spinner />
        <h1 className="text-xl font-semibold">{t('billing.ready.confirming')}</h1>
        <p className="text-sm text-muted">{t('billing.ready.confirmingText')}</p>
      </div>
    );
  }

  const failed = state.kind === 'failed';
  const notFound = failed && apiErrorCode(state.error) === 'CHECKOUT_NOT_FOUND';
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-4 text-center"
      data-testid={failed ? 'payment-failed' : 'payment-slow'}
    >
      <h1 className="text-xl font-semibold">
        {failed ? t('billing.ready.failedTitle') : t('billing.ready.slowTitle')}
      </h1>
      <p role={failed ? 'alert' : 'status'} className={failed ? 'text-danger' : 'text-muted'}>
        {failed ? apiErrorMessage(state.error, t) : t('billing.ready.slowText')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {notFound ? null : (
          <Button onClick={retry} data-testid="payment-retry">
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t('billing.ready.checkAgain')}
          </Button>
        )}
        <Link to="/payment" className={buttonClass(notFound ? 'primary' : 'secondary')}>
          {t('billing.backToPlans')}
        </Link>
      </div>
    </div>
  );
}

function PaymentComplete({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const { data: plans } = useGetBillingPlansQuery();
  const total = subscription.amount + (plans ? taxOn(subscription.amount, plans.taxPercent) : 0);
  const rows = [
    { id: 'plan', label: t('billing.details.plan'), value: planName(subscription.period, t) },
    { id: 'total', label: t('billing.ready.totalPaid'), value: f.money(total, subscription.currency) },
    {
      id: 'renewal',
      label: subscription.cancelAtPeriodEnd ? t('billing.details.proUntil') : t('billing.ready.nextRenewal'),
      value: f.date(subscription.currentPeriodEnd),
    },
  ];
  return (
    <div className="mx-auto flex max-w-md flex-col items-center text-center" data-testid="payment-ready">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent-soft">
        <CircleCheckBig className="h-7 w-7 text-accent" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{t('billing.ready.title')}</h1>
      <p className="mt-2 text-muted">{t('billing.ready.text')}</p>
      <dl className="mt-6 flex w-full flex-col divide-y divide-border rounded-2xl border border-border bg-surface px-5 py-2 text-left text-sm">
        {rows.map((row) => (
          <div key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
            <dt className="text-muted">{row.label}</dt>
            <dd className="font-medium" data-testid={`payment-ready-${row.id}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/web-main" className={buttonClass('primary', 'lg', 'justify-center')}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          {t('pro.startChatting')}
        </Link>
        <Link to="/settings/my-plan" className={buttonClass('secondary', 'lg', 'justify-center')}>
          <Settings className="h-4 w-4" aria-hidden="true" />
          {t('billing.ready.viewPlan')}
        </Link>
      </div>
    </div>
  );
}
