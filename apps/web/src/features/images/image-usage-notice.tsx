import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { formatResetTime, isUsageLow } from './image-display.ts';
import { useGetImageUsageQuery } from './images-api.ts';
import { useCurrentUserId, useIsPro } from './use-image-actions.ts';

/**
 * Pro's fair-use allowance of images, shown only when little is left: "3 images left today", and
 * once none are, when more can be made. Free users' images count against their daily messages.
 */
export function ImageUsageNotice({ bare = false }: { /** Text only, inside another notice. */ bare?: boolean }) {
  const { t, i18n } = useTranslation('images');
  const isPro = useIsPro();
  const userId = useCurrentUserId();
  const { data } = useGetImageUsageQuery(userId ?? '', { skip: !isPro || !userId, refetchOnMountOrArgChange: true });
  if (!isPro || !userId || !data || !isUsageLow(data)) return null;
  const empty = data.remaining <= 0;
  const text = empty
    ? t('usage.reached', {
        time: formatResetTime(data.resetsAt, new Date(Date.now()), i18n.resolvedLanguage ?? i18n.language),
      })
    : t('usage.left', { count: data.remaining });
  if (bare) {
    return (
      <p role="status" data-testid="image-usage" data-state={empty ? 'empty' : 'low'} className="text-xs">
        {text}
      </p>
    );
  }
  return (
    <p
      role="status"
      data-testid="image-usage"
      data-state={empty ? 'empty' : 'low'}
      className={cn(
        'flex items-center gap-2 text-xs',
        empty ? 'rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 font-medium text-danger' : 'text-muted',
      )}
    >
      <Gauge className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
