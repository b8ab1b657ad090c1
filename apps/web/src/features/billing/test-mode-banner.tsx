import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The small note on /payment in sandbox mode. */
export function TestModeNote() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="test-mode-note"
      className="flex items-start gap-2 rounded-xl border border-dashed border-pro bg-pro/10 px-3 py-2 text-sm font-medium text-pro"
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t('billing.testModeNote')}
    </p>
  );
}
