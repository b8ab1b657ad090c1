import { useRenewingPro } from '../../../features/billing/billing-api.ts';
import { AccountSettings } from '../../../features/settings/account-settings.tsx';
import { DocumentsSection } from '../../../features/settings/documents-section.tsx';
import { DataExportSection } from '../../../features/sharing/data-export-section.tsx';
import { SharedLinksSection } from '../../../features/sharing/shared-links-section.tsx';

export function Component() {
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
    />
  );
}
