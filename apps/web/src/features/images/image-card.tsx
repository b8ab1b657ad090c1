import type { ImageItem } from '@polymath/shared';
import { Copy, Download, FileCode2, Images, Lock, Maximize2, Moon, RefreshCw, RotateCw, Sun } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { BeforeAfter } from './before-after.tsx';
import { cssAspectRatio, galleryImagePath } from './image-display.ts';
import { DemoTag, ImageStatusNotice } from './image-status.tsx';
import { useImageActions } from './use-image-actions.ts';

/** How many new images each action asks for. */
const VARIATIONS_COUNT = 2;
const REGENERATE_COUNT = 1;

/**
 * One image of an answer: a placeholder of the image's shape while it is queued or being made, then
 * its thumbnail (which opens the lightbox), or why it failed with a retry. Variations and regenerate
 * add new images beside it, never over it; they are Pro's, so a free person sees them locked.
 */
export function ImageCard({
  image,
  onOpen,
  actions,
  compare = false,
}: {
  image: ImageItem;
  onOpen: () => void;
  /** The tool's own actions for a ready image ("Refine this one"), at the end of its row. */
  actions?: ReactNode;
  /** An edit shows its picture before and after with a slider instead of the thumbnail. */
  compare?: boolean;
}) {
  const { t } = useTranslation('images');
  const { isPro, makeMore } = useImageActions();
  const [busy, setBusy] = useState<'variations' | 'regenerate' | null>(null);
  const [dark, setDark] = useState(false);
  const ready = image.status === 'ready' && image.urls;
  // A text logo is rendered, not drawn by a model: there is nothing to vary or draw again.
  const rendered = Boolean(image.urls?.svg);
  const before = compare && ready ? image.urls?.source : undefined;
  const shape =
    before && image.width && image.height ? `${image.width} / ${image.height}` : cssAspectRatio(image.aspectRatio);
  const shown = dark && image.urls?.onDark ? image.urls.onDark : image.urls?.thumb;

  async function more(kind: 'variations' | 'regenerate', count: number) {
    setBusy(kind);
    try {
      await makeMore(image, count);
    } finally {
      setBusy(null);
    }
  }

  const lockedHint = isPro ? undefined : t('proOnly');
  return (
    <figure
      data-testid="image-card"
      data-status={image.status}
      data-image-id={image.id}
      className="@container flex flex-col overflow-hidden rounded-2xl border border-border bg-surface"
    >
      <div className="relative bg-surface-2" style={{ aspectRatio: shape }}>
        {before && image.urls ? (
          <BeforeAfter before={before} after={image.urls.original} alt={image.prompt} aspectRatio={shape} />
        ) : ready ? (
          <button
            type="button"
            onClick={onOpen}
            className="group block h-full w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
            aria-label={t('openImage')}
            data-testid="image-card-open"
          >
            <img
              src={shown}
              alt={image.prompt}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover transition group-hover:brightness-95"
            />
          </button>
        ) : (
          <>
            {image.status === 'failed' ? null : (
              <div className="absolute inset-0 animate-pulse bg-border/40 motion-reduce:animate-none" />
            )}
            <div
              className={cn(
                'absolute inset-0 flex items-center justify-center p-3 @[14rem]:p-5',
                // Clear of the DEMO tag.
                image.demo && 'pt-9 @[14rem]:pt-9',
              )}
            >
              <ImageStatusNotice image={image} />
            </div>
          </>
        )}
        {image.demo ? <DemoTag className="pointer-events-none absolute top-2 left-2" /> : null}
      </div>
      <figcaption className="flex flex-wrap items-center gap-1 p-1.5">
        {ready && image.urls ? (
          <>
            <CardAction
              href={image.urls.download}
              download
              icon={<Download className="h-4 w-4" aria-hidden="true" />}
              label={rendered ? t('downloadPngLabel') : t('download')}
              shortLabel={rendered ? t('downloadPng') : undefined}
              testId="image-card-download"
            />
            {image.urls.svg ? (
              <CardAction
                href={image.urls.svg}
                download
                icon={<FileCode2 className="h-4 w-4" aria-hidden="true" />}
                label={t('downloadSvgLabel')}
                shortLabel={t('downloadSvg')}
                testId="image-card-download-svg"
              />
            ) : null}
            {image.urls.onDark ? (
              <CardAction
                onClick={() => setDark((d) => !d)}
                icon={
                  dark ? (
                    <Sun className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Moon className="h-4 w-4" aria-hidden="true" />
                  )
                }
                label={dark ? t('previewLight') : t('previewDark')}
                pressed={dark}
                testId="image-card-preview-dark"
              />
            ) : null}
            {before ? (
              <CardAction
                onClick={onOpen}
                icon={<Maximize2 className="h-4 w-4" aria-hidden="true" />}
                label={t('openImage')}
                testId="image-card-open"
              />
            ) : null}
            <CardAction
              to={galleryImagePath(image.id)}
              icon={<Images className="h-4 w-4" aria-hidden="true" />}
              label={t('openInGallery')}
              testId="image-card-gallery"
            />
            <span className="flex-1" />
            {actions}
            {rendered ? null : (
              <>
                <CardAction
                  onClick={() => void more('variations', VARIATIONS_COUNT)}
                  disabled={busy !== null}
                  icon={
                    isPro ? (
                      <Copy className="h-4 w-4" aria-hidden="true" />
                    ) : (
                      <Lock className="h-4 w-4" aria-hidden="true" />
                    )
                  }
                  label={t('variations')}
                  hint={lockedHint}
                  showLabel="wide"
                  locked={!isPro}
                  testId="image-card-variations"
                />
                <CardAction
                  onClick={() => void more('regenerate', REGENERATE_COUNT)}
                  disabled={busy !== null}
                  icon={
                    isPro ? (
                      <RefreshCw
                        className={cn('h-4 w-4', busy === 'regenerate' && 'animate-spin')}
                        aria-hidden="true"
                      />
                    ) : (
                      <Lock className="h-4 w-4" aria-hidden="true" />
                    )
                  }
                  label={t('regenerate')}
                  hint={lockedHint}
                  showLabel="wide"
                  locked={!isPro}
                  testId="image-card-regenerate"
                />
              </>
            )}
          </>
        ) : null}
        {image.status === 'failed' ? (
          <CardAction
            onClick={() => void more('regenerate', REGENERATE_COUNT)}
            disabled={busy !== null}
            icon={
              isPro ? (
                <RotateCw className={cn('h-4 w-4', busy && 'animate-spin')} aria-hidden="true" />
              ) : (
                <Lock className="h-4 w-4" aria-hidden="true" />
              )
            }
            label={t('retry')}
            hint={lockedHint}
            showLabel="always"
            locked={!isPro}
            testId="image-card-retry"
          />
        ) : null}
        {image.status === 'queued' || image.status === 'generating' ? (
          <CardAction
            to={galleryImagePath(image.id)}
            icon={<Images className="h-4 w-4" aria-hidden="true" />}
            label={t('openInGallery')}
            showLabel="always"
            testId="image-card-gallery"
          />
        ) : null}
      </figcaption>
    </figure>
  );
}

type CardActionProps = {
  icon: ReactNode;
  label: string;
  /** Shown beside the icon instead of the label (which stays for screen readers), e.g. "SVG". */
  shortLabel?: string | undefined;
  /** A toggle's state. */
  pressed?: boolean;
  testId: string;
  /** Said beside the label (title and accessible description), e.g. that it needs Pro. */
  hint?: string | undefined;
  /** 'always': the only action of its row; 'wide': beside the icon once the card is wide enough; else only for screen readers. */
  showLabel?: 'always' | 'wide';
  locked?: boolean;
  disabled?: boolean;
} & ({ href: string; download?: boolean } | { to: string } | { onClick: () => void });

function CardAction(props: CardActionProps) {
  const { icon, label, shortLabel, pressed, testId, hint, showLabel, locked, disabled } = props;
  const className = cn(
    'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-medium transition',
    'text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent',
    'disabled:cursor-not-allowed disabled:opacity-50',
    locked && 'text-pro',
  );
  const content = (
    <>
      {icon}
      {shortLabel ? (
        <>
          <span aria-hidden="true">{shortLabel}</span>
          <span className="sr-only">{label}</span>
        </>
      ) : (
        <span
          className={showLabel === 'always' ? '' : showLabel === 'wide' ? 'sr-only @[15rem]:not-sr-only' : 'sr-only'}
        >
          {label}
        </span>
      )}
      {hint ? <span className="sr-only">{` (${hint})`}</span> : null}
    </>
  );
  const title = hint ? `${label} (${hint})` : label;
  if ('href' in props) {
    return (
      <a href={props.href} download={props.download} className={className} title={title} data-testid={testId}>
        {content}
      </a>
    );
  }
  if ('to' in props) {
    return (
      <Link to={props.to} className={className} title={title} data-testid={testId}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={disabled}
      className={className}
      title={title}
      data-testid={testId}
      data-locked={locked ? 'true' : undefined}
      aria-pressed={pressed}
    >
      {content}
    </button>
  );
}
