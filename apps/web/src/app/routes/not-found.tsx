import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="not-found">
        <Compass className="h-12 w-12 text-accent" aria-hidden="true" />
        <p className="text-6xl font-bold tracking-tight text-accent">404</p>
        <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted">{t('notFound.text')}</p>
        <Link to="/web-main" replace className={buttonClass('primary', 'lg')}>
          {t('notFound.home')}
        </Link>
      </div>
    </PublicLayout>
  );
}
