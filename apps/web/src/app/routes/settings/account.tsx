import { useTranslation } from 'react-i18next';
import { SignedOutNotice } from './signed-out-notice.tsx';

export function Component() {
  const { t } = useTranslation();
  return <SignedOutNotice title={t('settings.account')} text={t('settings.accountText')} />;
}
