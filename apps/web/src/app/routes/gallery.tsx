import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { AppShell } from '../layouts/app-shell.tsx';

/** The gallery of generated images; empty until the first image is generated. */
export function Component() {
  const { t } = useTranslation('tools');
  return (
    <AppShell headerStart={<span className="px-2 font-semibold">{t('gallery.title')}</span>}>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-12 text-center">
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Images className="h-8 w-8" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold">{t('gallery.title')}</h1>
        <p className="max-w-md text-muted">{t('gallery.description')}</p>
        <p className="max-w-md text-sm text-muted">{t('gallery.empty')}</p>
        <Link to="/image-generator" className={buttonClass('primary', 'lg')}>
          {t('gallery.cta')}
        </Link>
      </div>
    </AppShell>
  );
}
