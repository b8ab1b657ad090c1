import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Gallery } from '../../features/images/gallery.tsx';
import { AppShell } from '../layouts/app-shell.tsx';

/**
 * /gallery: every image the person made, with a filter by tool; `?image=<id>` opens that image's
 * lightbox (the cards under an answer link here), `?tool=<toolId>` filters.
 */
export function Component() {
  const { t } = useTranslation('images');
  return (
    <AppShell
      headerStart={
        <span className="flex items-center gap-2 px-2 font-semibold">
          <Images className="h-5 w-5 text-accent" aria-hidden="true" />
          {t('gallery.title')}
        </span>
      }
    >
      <Gallery />
    </AppShell>
  );
}
