import { useRenewingPro } from '../../../features/billing/billing-api.ts';
import { AccountSettings } from '../../../features/settings/account-settings.tsx';
import { DocumentsSection } from '../../../features/settings/documents-section.tsx';

export function Component() {
  return <AccountSettings mustCancelSubscription={useRenewingPro()} documents={<DocumentsSection />} />;
}
