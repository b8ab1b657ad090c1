import {
  findPhotoLanguage,
  type ImageItem,
  PHOTO_TRANSLATE_STAGES,
  type PhotoSegment,
  type PhotoTranslateStage,
} from '@polymath/shared';
import {
  AlertTriangle,
  Check,
  Columns2,
  Copy,
  Download,
  Images,
  Languages,
  RotateCw,
  SplitSquareHorizontal,
} from 'lucide-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast/toast.ts';
import { BeforeAfter, DemoTag, galleryImagePath, useImageErrorText } from '../../images/index.ts';

/** Behind a PNG's transparent parts: the usual light checkerboard, whatever the theme. */
export const TRANSPARENCY_BACKDROP: CSSProperties = {
  backgroundColor: '#ffffff',
  backgroundImage: 'conic-gradient(#e5e7eb 25%, transparent 0 50%, #e5e7eb 0 75%, transparent 0)',
  backgroundSize: '16px 16px',
};

const languageName = (code: string | null | undefined) => (code ? (findPhotoLanguage(code)?.nativeName ?? code) : '');

/** reading → translating → drawing, the current one spinning and the ones before ticked. */
function Progress({ stage }: { stage: PhotoTranslateStage | null }) {
  const { t } = useTranslation('photo-translate');
  const at = stage ? PHOTO_TRANSLATE_STAGES.indexOf(stage) : -1;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 p-4 text-sm"
      data-testid="translation-progress"
      data-stage={stage ?? 'queued'}
    >
      {at === -1 ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner className="h-4 w-4 border-2" />
          {t('card.queued')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-1.5">
        {PHOTO_TRANSLATE_STAGES.map((s, i) => (
          <li
            key={s}
            className={cn('flex items-center gap-2', i > at && 'text-muted', i === at && 'font-medium')}
            aria-current={i === at ? 'step' : undefined}
          >
            {i < at ? (
              <Check className="h-4 w-4 text-accent" aria-hidden="true" />
            ) : i === at ? (
              <Spinner className="h-4 w-4 border-2" />
            ) : (
              <span className="h-4 w-4 rounded-full border border-border" aria-hidden="true" />
            )}
            {t(`card.stages.${s}`)}
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">{t('card.mayTakeAWhile')}</p>
    </div>
  );
}

async function copyAll(text: string, t: (key: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('card.copied'));
  } catch {
    toast.error(t('card.copyFailed'));
  }
}

/** The text found and its translation, region by region; a hard-to-read region says so. */
function TextList({ segments }: { segments: PhotoSegment[] }) {
  const { t } = useTranslation('photo-translate');
  const all = segments.map((s) => s.translatedText).join('\n\n');
  return (
    <section className="flex flex-col gap-2 border-t border-border p-3" aria-label={t('card.text')}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{t('card.text')}</h4>
        <button
          type="button"
          onClick={() => void copyAll(all, t)}
          className={buttonClass('ghost', 'sm', 'h-8 px-2 text-xs')}
          data-testid="translation-copy-all"
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          {t('card.copyAll')}
        </button>
      </div>
      <ol className="flex max-h-72 flex-col gap-2 overflow-y-auto text-sm" data-testid="translation-text">
        {segments.map((segment) => (
          <li key={segment.id} className="grid gap-0.5 rounded-lg bg-surface-2 px-2.5 py-1.5 sm:grid-cols-2 sm:gap-3">
            <p className="whitespace-pre-wrap break-words text-muted" data-testid="translation-source-text">
              {segment.sourceText}
            </p>
            <p className="whitespace-pre-wrap break-words" data-testid="translation-translated-text">
              {segment.translatedText}
              {segment.lowConfidence ? (
                <span className="ml-1.5 inline-flex items-center gap-1 rounded bg-amber-400/20 px-1 text-[11px] font-medium text-amber-700 dark:text-amber-300">
                  <AlertTriangle className="h-3 w-3" aria-hidden="true" />
                  {t('card.lowConfidenceRow')}
                </span>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One photo translation of an answer: its progress while the job runs; then the original and the
 * translation with a before/after slider or side by side, the text found and translated (copy all),
 * download, and "another language" (the same photo, no new upload). No text, hard-to-read text and a
 * failure each say so plainly.
 */
export function TranslationCard({
  image,
  again,
  onRetry,
}: {
  image: ImageItem;
  /** The page's control for the same photo into another language (a new request in this chat). */
  again?: ((image: ImageItem) => ReactNode) | undefined;
  /** Asks for a failed translation again (the same photo and language). */
  onRetry?: ((image: ImageItem) => void) | undefined;
}) {
  const { t } = useTranslation('photo-translate');
  const errorText = useImageErrorText();
  const [view, setView] = useState<'compare' | 'side'>('compare');
  const translation = image.translation;
  const result = translation?.result ?? null;
  const ready = image.status === 'ready' && image.urls;
  const shape =
    image.width && image.height ? `${image.width} / ${image.height}` : image.aspectRatio.replace(':', ' / ');
  const target = translation?.target ?? '';
  const backdrop = image.mediaType === 'image/png' ? TRANSPARENCY_BACKDROP : undefined;
  const source = result?.source ?? (translation?.source !== 'auto' ? translation?.source : null);

  return (
    <figure
      className="@container flex w-full max-w-2xl flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="translation-card"
      data-status={image.status}
      data-image-id={image.id}
    >
      <figcaption className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 text-sm">
        <Languages className="h-4 w-4 text-muted" aria-hidden="true" />
        <span className="font-medium" data-testid="translation-languages">
          {source ? `${languageName(source)} → ` : `${t('card.detected')} → `}
          <span lang={target}>{languageName(target)}</span>
        </span>
        {image.demo ? <DemoTag /> : null}
        {ready ? (
          <fieldset className="ml-auto flex gap-1 rounded-lg bg-surface-2 p-0.5">
            <legend className="sr-only">{t('card.view')}</legend>
            {(['compare', 'side'] as const).map((v) => (
              <button
                key={v}
                type="button"
                onClick={() => setView(v)}
                aria-pressed={view === v}
                className={cn(
                  'inline-flex h-7 cursor-pointer items-center gap-1 rounded-md px-2 text-xs font-medium text-muted focus-visible:outline-2 focus-visible:outline-accent',
                  view === v && 'bg-bg text-fg shadow-sm',
                )}
                data-testid={`translation-view-${v}`}
              >
                {v === 'compare' ? (
                  <SplitSquareHorizontal className="h-3.5 w-3.5" aria-hidden="true" />
                ) : (
                  <Columns2 className="h-3.5 w-3.5" aria-hidden="true" />
                )}
                {t(`card.${v}`)}
              </button>
            ))}
          </fieldset>
        ) : null}
      </figcaption>

      {image.status === 'failed' ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 p-4 text-sm text-danger"
          data-testid="translation-failed"
        >
          <p className="flex items-center gap-2">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
            {errorText(image.error)}
          </p>
          <p className="text-muted">{t('card.failed')}</p>
          {onRetry && translation?.photoId ? (
            <button
              type="button"
              onClick={() => onRetry(image)}
              className={buttonClass('secondary', 'sm')}
              data-testid="translation-retry"
            >
              <RotateCw className="h-4 w-4" aria-hidden="true" />
              {t('card.retry')}
            </button>
          ) : null}
        </div>
      ) : !ready || !image.urls ? (
        <Progress stage={translation?.stage ?? null} />
      ) : (
        <>
          {result?.noText ? (
            <p
              className="flex items-start gap-2 bg-surface-2 px-3 py-2 text-sm"
              role="note"
              data-testid="translation-no-text"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
              {t('card.noText')}
            </p>
          ) : result?.lowConfidence ? (
            <p
              className="flex items-start gap-2 bg-amber-400/15 px-3 py-2 text-sm"
              role="note"
              data-testid="translation-low-confidence"
            >
              <AlertTriangle
                className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-300"
                aria-hidden="true"
              />
              {t('card.lowConfidence')}
            </p>
          ) : null}
          {view === 'compare' && image.urls.source ? (
            <div className="max-h-[70vh] overflow-hidden">
              <BeforeAfter
                before={image.urls.source}
                after={image.urls.original}
                alt={t('card.alt', { language: languageName(target) })}
                aspectRatio={shape}
                backdrop={backdrop}
                // The translation shows whole at first, as it will be used; dragging reveals the original.
                initialPosition={0}
              />
            </div>
          ) : (
            <div
              className="grid grid-cols-1 gap-px bg-border @[28rem]:grid-cols-2"
              data-testid="translation-side-by-side"
            >
              {[
                { key: 'original', src: image.urls.source, label: t('card.original') },
                {
                  key: 'translated',
                  src: image.urls.original,
                  label: t('card.translated', { language: languageName(target) }),
                },
              ].map((pane) =>
                pane.src ? (
                  <figure key={pane.key} className="flex flex-col bg-surface">
                    <img
                      src={pane.src}
                      alt={pane.label}
                      className="w-full bg-surface-2 object-contain"
                      style={{ ...backdrop, aspectRatio: shape }}
                    />
                    <figcaption className="px-2 py-1 text-xs text-muted">{pane.label}</figcaption>
                  </figure>
                ) : null,
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-1 p-1.5">
            <a
              href={image.urls.download}
              download
              className={buttonClass('ghost', 'sm', 'h-8 px-2 text-xs')}
              data-testid="translation-download"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('card.download', { format: image.mediaType === 'image/png' ? 'PNG' : 'JPEG' })}
            </a>
            <Link
              to={galleryImagePath(image.id)}
              className={buttonClass('ghost', 'sm', 'h-8 px-2 text-xs')}
              data-testid="translation-gallery"
            >
              <Images className="h-4 w-4" aria-hidden="true" />
              {t('card.gallery')}
            </Link>
            <span className="flex-1" />
            {again?.(image)}
          </div>
          {result && result.segments.length > 0 ? <TextList segments={result.segments} /> : null}
        </>
      )}
    </figure>
  );
}
