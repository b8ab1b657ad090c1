import { lazy, Suspense } from 'react';
import { AccountSettings } from '../../../features/account/account-settings.tsx';
import { DocumentsSection } from '../../../features/account/documents-section.tsx';
import { TrackingSettingsSection } from '../../../features/analytics/consent-choice.tsx';
import { useRenewingPro } from '../../../features/billing/billing-api.ts';
import { useGetPublicConfigQuery } from '../../../lib/api/base-api.ts';

const YourData = lazy(() => import('../../../features/sharing/your-data.tsx'));

export function Component() {
  const { data: config } = useGetPublicConfigQuery();
  return (
    <AccountSettings
      mustCancelSubscription={useRenewingPro()}
      documents={<DocumentsSection />}
      yourData={
        <Suspense fallback={null}>
          <YourData />
        </Suspense>
      }
      tracking={<TrackingSettingsSection config={config} />}
    />
  );
}
