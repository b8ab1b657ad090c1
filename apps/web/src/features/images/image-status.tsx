import type { ImageItem } from '@polymath/shared';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Marks a picture the offline demo model drew. */
export function DemoTag({ className }: { className?: string }) {
  const { t } = useTranslation('images');
  return (
    <span
      className={cn(
        'rounded-md bg-amber-400 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-neutral-950 shadow-sm',
        className,
      )}
      title={t('demoHint')}
      data-testid="image-demo-tag"
    >
      {t('demo')}
    </span>
  );
}

/** A failed image's reason, in the person's language (by its code; the server's text otherwise). */
export function useImageErrorText() {
  const { t } = useTranslation('images');
  return (error: { code: string; message: string } | null) =>
    error ? t(`errors:${error.code}`, { defaultValue: error.message }) : t('errors:IMAGE_FAILED');
}

/**
 * What an image not shown yet is doing: queued or being made (and that it may take a while, and
 * will be in the gallery), or why it failed.
 */
export function ImageStatusNotice({ image, tone = 'default' }: { image: ImageItem; tone?: 'default' | 'dark' }) {
  const { t } = useTranslation('images');
  const errorText = useImageErrorText();
  if (image.status === 'failed') {
    return (
      <p
        role="alert"
        className={cn(
          'flex flex-col items-center gap-2 text-center text-sm',
          tone === 'dark' ? 'text-red-300' : 'text-danger',
        )}
        data-testid="image-error"
      >
        <AlertTriangle className="h-6 w-6" aria-hidden="true" />
        {errorText(image.error)}
      </p>
    );
  }
  if (image.status === 'ready') return null;
  return (
    <div role="status" className="flex flex-col items-center gap-2 text-center" data-testid="image-pending">
      <Spinner className="h-7 w-7" />
      <p className="text-sm font-medium" data-testid="image-status">
        {t(`status.${image.status}`)}
      </p>
      <p className={cn('text-xs', tone === 'dark' ? 'text-neutral-300' : 'text-muted')}>{t('mayTakeAWhile')}</p>
    </div>
  );
}
