import type { ImageItem } from '@polymath/shared';
import { ChevronLeft, ChevronRight, Copy, Download, ImageOff, MessageSquare, Trash2, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatImageDate, imageThreadPath, toolTitleKey } from './image-display.ts';
import { DemoTag, ImageStatusNotice } from './image-status.tsx';
import { useImageActions } from './use-image-actions.ts';

export type LightboxContent = { kind: 'image'; image: ImageItem } | { kind: 'loading' } | { kind: 'missing' };

/**
 * One image at full size with what is known about it (prompt, model, size, date, tool) and what can
 * be done with it (download the original, copy the prompt, open its chat, delete with undo).
 * ←/→ move through the list it was opened from, Escape closes; focus stays inside and returns to
 * where it was (or where `onCloseAutoFocus` puts it). Full-screen on phones.
 */
export function ImageLightbox({
  content,
  onClose,
  onPrevious,
  onNext,
  position,
  showChatLink = true,
  onDeleted,
  onCloseAutoFocus,
}: {
  /** null: closed. */
  content: LightboxContent | null;
  onClose: () => void;
  /** Absent at the start of the list (or when the image is not in it). */
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  /** "3 / 24" over the image, when the image is in a list. */
  position?: { index: number; total: number; more?: boolean } | undefined;
  /** Hidden where the person already is in that chat (an answer's cards). */
  showChatLink?: boolean;
  /** Right after Delete: the list it was opened from moves on to a neighbour, or closes. */
  onDeleted?: (() => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const { t } = useTranslation('images');

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowLeft' && onPrevious) {
      event.preventDefault();
      onPrevious();
    } else if (event.key === 'ArrowRight' && onNext) {
      event.preventDefault();
      onNext();
    }
  }

  const image = content?.kind === 'image' ? content.image : null;
  return (
    <RadixDialog.Root open={content !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-[2px]" />
        <RadixDialog.Content
          data-testid="image-lightbox"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          // A toast's action (Undo of a delete made here) is not "outside": it must not close the lightbox.
          onInteractOutside={(event) => {
            if ((event.target as Element | null)?.closest?.('[data-sonner-toaster]')) event.preventDefault();
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col overflow-hidden bg-bg text-fg shadow-2xl focus:outline-none',
            'md:inset-auto md:top-1/2 md:left-1/2 md:h-[min(90dvh,56rem)] md:w-[min(95vw,80rem)] md:-translate-x-1/2 md:-translate-y-1/2',
            'md:flex-row md:rounded-2xl md:border md:border-border',
          )}
        >
          <div className="relative flex min-h-0 flex-1 items-center justify-center bg-neutral-950">
            {content?.kind === 'loading' ? <Spinner /> : null}
            {content?.kind === 'missing' ? (
              <p
                className="flex flex-col items-center gap-3 px-6 text-center text-sm text-neutral-300"
                data-testid="lightbox-missing"
              >
                <ImageOff className="h-8 w-8" aria-hidden="true" />
                {t('lightbox.missing')}
              </p>
            ) : null}
            {image ? <FullImage key={image.id} image={image} /> : null}
            {position ? (
              <span
                className="absolute top-3 left-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
                data-testid="lightbox-position"
              >
                {t(position.more ? 'lightbox.positionMore' : 'lightbox.position', {
                  index: position.index + 1,
                  total: position.total,
                })}
              </span>
            ) : null}
            <NavButton side="previous" onClick={onPrevious} label={t('lightbox.previous')} />
            <NavButton side="next" onClick={onNext} label={t('lightbox.next')} />
          </div>
          <aside className="flex max-h-[45dvh] shrink-0 flex-col border-t border-border md:max-h-none md:w-80 md:border-t-0 md:border-l">
            <div className="flex items-center gap-2 border-b border-border px-4 py-2">
              <RadixDialog.Title className="min-w-0 flex-1 truncate font-semibold">
                {image ? t(toolTitleKey(image.toolId)) : t('lightbox.title')}
              </RadixDialog.Title>
              <RadixDialog.Close
                className={buttonClass('ghost', 'icon', '-mr-2 text-muted hover:text-fg')}
                aria-label={t('common:actions.close')}
                data-testid="lightbox-close"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            {image ? <ImageDetails image={image} showChatLink={showChatLink} onDeleted={onDeleted} /> : null}
          </aside>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function NavButton({
  side,
  onClick,
  label,
}: {
  side: 'previous' | 'next';
  onClick?: (() => void) | undefined;
  label: string;
}) {
  if (!onClick) return null;
  const Icon = side === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={`lightbox-${side}`}
      className={cn(
        'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full',
        'bg-black/55 text-white transition hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white',
        side === 'previous' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="h-6 w-6" aria-hidden="true" />
    </button>
  );
}

/** The original picture, with a spinner until it has loaded; its status while it is still being made. */
function FullImage({ image }: { image: ImageItem }) {
  const { t } = useTranslation('images');
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!image.urls) {
    return (
      <div className="max-w-sm px-6 text-neutral-200">
        <ImageStatusNotice image={image} tone="dark" />
      </div>
    );
  }
  return (
    <>
      {!loaded && !failed ? <Spinner className="absolute h-8 w-8" /> : null}
      {failed ? (
        <p className="flex flex-col items-center gap-3 px-6 text-center text-sm text-neutral-300">
          <ImageOff className="h-8 w-8" aria-hidden="true" />
          {t('loadImageFailed')}
        </p>
      ) : (
        <img
          src={image.urls.onLight ?? image.urls.original}
          alt={image.prompt}
          data-testid="lightbox-image"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={cn(
            'max-h-full max-w-full object-contain transition-opacity',
            loaded ? 'opacity-100' : 'opacity-0',
          )}
          {...(image.width && image.height ? { width: image.width, height: image.height } : {})}
        />
      )}
      {image.demo ? <DemoTag className="absolute top-3 right-3" /> : null}
    </>
  );
}

function ImageDetails({
  image,
  showChatLink,
  onDeleted,
}: {
  image: ImageItem;
  showChatLink: boolean;
  onDeleted?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('images');
  const { remove, copyPrompt } = useImageActions();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const chatPath = showChatLink ? imageThreadPath(image) : null;
  // A photo translation shows the text it put in the photo where other images show their prompt.
  const translated = image.translation?.result?.segments.map((s) => s.translatedText).join('\n\n');
  const text = translated || image.prompt;
  const row = (label: string, value: string, testId: string) => (
    <div className="flex justify-between gap-3 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3 text-sm">
        <div className="mb-1 flex items-center justify-between gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">
            {translated ? t('lightbox.translation') : t('lightbox.prompt')}
          </h3>
          <button
            type="button"
            onClick={() => void copyPrompt(text, translated ? 'textCopied' : 'promptCopied')}
            className={buttonClass('ghost', 'sm', 'h-7 px-2 text-xs')}
            data-testid="lightbox-copy-prompt"
          >
            <Copy className="h-3.5 w-3.5" aria-hidden="true" />
            {translated ? t('copyText') : t('copyPrompt')}
          </button>
        </div>
        <p className="mb-3 whitespace-pre-wrap break-words" data-testid="lightbox-prompt">
          {text}
        </p>
        <dl className="divide-y divide-border border-t border-border">
          {translated ? row(t('lightbox.translatedInto'), image.prompt, 'lightbox-target') : null}
          {row(t('lightbox.model'), image.modelName, 'lightbox-model')}
          {image.width && image.height
            ? row(
                t('lightbox.size'),
                t('lightbox.sizeValue', { width: image.width, height: image.height }),
                'lightbox-size',
              )
            : null}
          {row(t('lightbox.date'), formatImageDate(image.createdAt, locale), 'lightbox-date')}
          {row(t('lightbox.tool'), t(toolTitleKey(image.toolId)), 'lightbox-tool')}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-border px-4 py-3">
        {image.urls ? (
          <a
            href={image.urls.download}
            download
            className={buttonClass('primary', 'md', 'grow justify-center whitespace-nowrap')}
            data-testid="lightbox-download"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {image.urls.svg ? t('downloadPngLabel') : t('download')}
          </a>
        ) : null}
        {image.urls?.svg ? (
          <a
            href={image.urls.svg}
            download
            className={buttonClass('secondary', 'md', 'grow justify-center whitespace-nowrap')}
            data-testid="lightbox-download-svg"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('downloadSvgLabel')}
          </a>
        ) : null}
        {chatPath ? (
          <Link
            to={chatPath}
            className={buttonClass('secondary', 'md', 'grow justify-center whitespace-nowrap')}
            data-testid="lightbox-open-chat"
          >
            <MessageSquare className="h-4 w-4" aria-hidden="true" />
            {t('openChat')}
          </Link>
        ) : null}
        <button
          type="button"
          onClick={() => {
            remove(image);
            onDeleted?.();
          }}
          className={buttonClass('ghost', 'md', 'grow justify-center whitespace-nowrap text-danger')}
          data-testid="lightbox-delete"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t('delete')}
        </button>
      </div>
    </div>
  );
}
