import { useRenewingPro } from '../../../features/billing/billing-api.ts';
import { AccountSettings } from '../../../features/settings/account-settings.tsx';

export function Component() {
  return <AccountSettings mustCancelSubscription={useRenewingPro()} />;
}
