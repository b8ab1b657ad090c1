import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The unmissable "TEST MODE" banner of the sandbox pages (payments, WhatsApp): nothing here is real. */
export function TestModeBanner({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-pro bg-pro/10 px-4 py-3 text-pro"
    >
      <FlaskConical className="h-6 w-6 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        <strong className="block text-lg font-bold tracking-widest">{t('testMode')}</strong>
        <span className="block text-sm font-medium">{text}</span>
      </p>
    </div>
  );
}
