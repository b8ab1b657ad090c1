import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { HOROSCOPE_TYPES } from '../../features/tools/tool-catalog.ts';
import { ToolChat } from './tool-chat.tsx';

/** /horoscope and /horoscope/:pathId/:threadId?: pick a horoscope type, then ask. */
export function Component() {
  const { t } = useTranslation('tools');
  const { pathId } = useParams();
  return (
    <ToolChat
      toolId="horoscope"
      toolKey="horoscope"
      icon={Sparkles}
      pathId={pathId}
      introExtra={
        <nav aria-label={t('horoscope.typesLabel')} className="mx-auto w-full max-w-3xl px-4 pt-6">
          <h2 className="mb-3 text-sm font-semibold text-muted">{t('horoscope.typesLabel')}</h2>
          <ul className="flex flex-wrap gap-2">
            {HOROSCOPE_TYPES.map((type) => (
              <li key={type}>
                <Link
                  to={`/horoscope/${type}`}
                  aria-current={pathId === type ? 'page' : undefined}
                  className={cn(
                    'inline-flex rounded-full border px-4 py-2 text-sm transition',
                    pathId === type ? 'border-accent bg-accent text-accent-fg' : 'border-border hover:border-accent',
                  )}
                >
                  {t(`horoscope.types.${type}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
    />
  );
}
