import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { OrientationHint } from '../features/onboarding/orientation-hint.tsx';
import { withMoreTexts } from '../lib/i18n/more-texts.ts';
import { useAppSelector } from '../lib/store/store.ts';

const UpgradeToProDialog = lazy(withMoreTexts(() => import('../features/billing/upgrade-to-pro-dialog.tsx')));
const SubscriptionSuccessDialog = lazy(
  withMoreTexts(() => import('../features/billing/subscription-success-dialog.tsx')),
);
const WhatsAppDialog = lazy(withMoreTexts(() => import('../features/whatsapp/whatsapp-dialog.tsx')));
const AuthDialog = lazy(withMoreTexts(() => import('../features/auth/auth-dialog.tsx')));

/**
 * Overlays are loaded only when first opened (spec §2), then stay mounted so closing animates and
 * reopening is instant. The orientation hint is always mounted.
 */
export function Overlays() {
  const dialogs = useAppSelector((s) => s.dialogs);
  return (
    <>
      <LoadWhenOpened open={dialogs.showUpgradeToProDialog} Component={UpgradeToProDialog} />
      <LoadWhenOpened open={dialogs.showSubscriptionSuccessDialog} Component={SubscriptionSuccessDialog} />
      <LoadWhenOpened open={dialogs.whatsApp.isOpen} Component={WhatsAppDialog} />
      <LoadWhenOpened open={dialogs.authDialog.isOpen} Component={AuthDialog} />
      <OrientationHint />
    </>
  );
}

function LoadWhenOpened({ open, Component }: { open: boolean; Component: ComponentType }) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!opened && !open) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}
