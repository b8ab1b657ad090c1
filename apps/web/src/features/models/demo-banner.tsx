import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Says plainly that answers come from the built-in offline demo, not a real AI model. */
export function DemoBanner() {
  const { t } = useTranslation('chat');
  return (
    <div
      role="note"
      data-testid="demo-banner"
      className="flex items-start gap-2 border-b border-border bg-accent-soft px-4 py-2 text-sm text-fg"
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <p>{t('demoBanner')}</p>
    </div>
  );
}
