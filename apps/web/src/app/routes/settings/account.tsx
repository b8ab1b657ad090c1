import { AccountSettings } from '../../../features/settings/account-settings.tsx';

export function Component() {
  return <AccountSettings />;
}
