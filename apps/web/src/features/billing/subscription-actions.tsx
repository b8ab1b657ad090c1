import type { Subscription } from '@polymath/shared';
import { ExternalLink, LoaderCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useCancelSubscriptionMutation, useOpenPortalMutation, useResumeSubscriptionMutation } from './billing-api.ts';
import { useBillingFormat } from './use-billing-format.ts';
import { useRedirect } from './use-redirect.ts';

type Variant = 'primary' | 'secondary';

/** Opens the payment provider's portal (cards, invoices, plan): Stripe's, or the sandbox's test page. */
export function ManageSubscriptionButton({
  variant = 'secondary',
  className,
}: {
  variant?: Variant;
  className?: string;
}) {
  const { t } = useTranslation();
  const [openPortal, { isLoading }] = useOpenPortalMutation();
  const { redirecting, go } = useRedirect();
  const busy = isLoading || redirecting;
  return (
    <Button
      variant={variant}
      className={className}
      disabled={busy}
      aria-busy={busy}
      data-testid="manage-subscription"
      onClick={async () => {
        const result = await openPortal();
        if (result.error) return void toast.error(apiErrorMessage(result.error, t));
        go(result.data.url);
      }}
    >
      {busy ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
      )}
      {t('billing.manage')}
    </Button>
  );
}

/**
 * Cancel at the end of the period, after a confirmation that says until when Pro stays (spec §4);
 * success is announced with that date.
 */
export function CancelSubscriptionButton({
  subscription,
  onCancelled,
}: {
  subscription: Subscription;
  onCancelled?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="cancel-subscription">
        {t('billing.cancel')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setError(undefined);
        }}
        title={t('billing.cancelConfirmTitle')}
        description={t('billing.cancelConfirmText', { date: f.date(subscription.currentPeriodEnd) })}
        testId="cancel-subscription-dialog"
      >
        {error ? (
          <p role="alert" className="mb-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" className="justify-center" onClick={() => setOpen(false)}>
            {t('billing.keepPro')}
          </Button>
          <Button
            variant="danger"
            className="justify-center"
            disabled={isLoading}
            aria-busy={isLoading}
            data-testid="confirm-cancel-subscription"
            onClick={async () => {
              setError(undefined);
              const result = await cancel();
              if (result.error) return setError(apiErrorMessage(result.error, t));
              const end = result.data.subscription?.currentPeriodEnd ?? subscription.currentPeriodEnd;
              const message = t('billing.cancelled', { date: f.date(end) });
              setOpen(false);
              toast.success(message);
              onCancelled?.(message);
            }}
          >
            {isLoading ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t('billing.confirmCancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Undo a cancel while the period still runs: the subscription renews again. */
export function ResumeSubscriptionButton({ onResumed }: { onResumed?: (message: string) => void }) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const [resume, { isLoading }] = useResumeSubscriptionMutation();
  return (
    <Button
      variant="primary"
      disabled={isLoading}
      aria-busy={isLoading}
      data-testid="resume-subscription"
      onClick={async () => {
        const result = await resume();
        if (result.error) return void toast.error(apiErrorMessage(result.error, t));
        const end = result.data.subscription?.currentPeriodEnd;
        const message = end ? t('billing.resumed', { date: f.date(end) }) : t('billing.resumedPlain');
        toast.success(message);
        onResumed?.(message);
      }}
    >
      {isLoading ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
      )}
      {t('billing.resume')}
    </Button>
  );
}
