import { TrackingSettingsSection } from '../../../features/analytics/consent-choice.tsx';
import { useRenewingPro } from '../../../features/billing/billing-api.ts';
import { AccountSettings } from '../../../features/settings/account-settings.tsx';
import { DocumentsSection } from '../../../features/settings/documents-section.tsx';
import { DataExportSection } from '../../../features/sharing/data-export-section.tsx';
import { SharedLinksSection } from '../../../features/sharing/shared-links-section.tsx';
import { useGetPublicConfigQuery } from '../../../lib/api/base-api.ts';

export function Component() {
  const { data: config } = useGetPublicConfigQuery();
  return (
    <AccountSettings
      mustCancelSubscription={useRenewingPro()}
      documents={<DocumentsSection />}
      yourData={
        <>
          <SharedLinksSection />
          <DataExportSection />
        </>
      }
      tracking={<TrackingSettingsSection config={config} />}
    />
  );
}
