import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The unmissable "TEST MODE" banner of the sandbox pages: nothing here takes real money. */
export function TestModeBanner({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-pro bg-pro/10 px-4 py-3 text-pro"
    >
      <FlaskConical className="h-6 w-6 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        <strong className="block text-lg font-bold tracking-widest">{t('billing.sandbox.banner')}</strong>
        <span className="block text-sm font-medium">{text}</span>
      </p>
    </div>
  );
}

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
