import { STORAGE_KEYS } from '@polymath/shared';
import { Compass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { readStorage, writeStorage } from '../../lib/storage/local-storage.ts';

/** Always mounted (spec §2); shows a short orientation until "Got It" is pressed, then never again. */
export function OrientationHint() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readStorage(STORAGE_KEYS.orientationHintDismissed) === '1');
  if (dismissed) return null;
  return (
    <section
      aria-labelledby="orientation-hint-title"
      data-testid="orientation-hint"
      className="fixed inset-x-4 top-16 z-30 rounded-2xl border border-border bg-bg p-4 shadow-xl sm:left-auto sm:right-4 sm:w-80"
    >
      <h2 id="orientation-hint-title" className="flex items-center gap-2 font-semibold">
        <Compass className="h-5 w-5 text-accent" aria-hidden="true" />
        {t('hint.title')}
      </h2>
      <p className="mt-1.5 text-sm text-muted">{t('hint.text')}</p>
      <Button
        className="mt-3 w-full justify-center"
        onClick={() => {
          writeStorage(STORAGE_KEYS.orientationHintDismissed, '1');
          setDismissed(true);
        }}
      >
        {t('hint.gotIt')}
      </Button>
    </section>
  );
}
