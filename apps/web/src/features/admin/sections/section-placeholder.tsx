import type { AdminSection } from '@polymath/shared/admin/admin.schema';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../admin-texts.ts';

/** A section not built yet (Usage, Money and Models come with the second part of issue 28). */
export function SectionPlaceholder({ section }: { section: AdminSection }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <section aria-labelledby="admin-section-title" data-testid={`admin-${section}`}>
      <h2 id="admin-section-title" className="text-xl font-semibold">
        {t(`nav.${section}`)}
      </h2>
      <p className="mt-4 flex items-center gap-2 text-muted">
        <Construction className="h-5 w-5 shrink-0" aria-hidden="true" />
        {t('placeholder')}
      </p>
    </section>
  );
}
