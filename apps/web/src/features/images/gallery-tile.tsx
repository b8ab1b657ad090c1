import type { ImageItem } from '@polymath/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DemoTag, useImageErrorText } from './image-status.tsx';
import { IMAGE_POLL_MS, isImagePending, useGetImageQuery } from './images-api.ts';
import { useCurrentUserId } from './use-image-actions.ts';

/**
 * A square cell of the gallery: the thumbnail (cropped to fill), or the status of an image still
 * being made (followed until it settles) or that failed. Opens the lightbox.
 */
export function GalleryTile({ image, onOpen }: { image: ImageItem; onOpen: () => void }) {
  const { t } = useTranslation('images');
  const errorText = useImageErrorText();
  const userId = useCurrentUserId();
  const pending = isImagePending(image);
  const [loaded, setLoaded] = useState(false);
  // Each image still being made is asked about on its own; its answer updates every list it is in.
  useGetImageQuery(pending && userId ? { userId, id: image.id } : skipToken, { pollingInterval: IMAGE_POLL_MS });

  let label = image.prompt;
  if (pending) label = `${t(`status.${image.status}`)}: ${image.prompt}`;
  else if (image.status === 'failed') label = `${errorText(image.error)} ${image.prompt}`;

  return (
    <li
      className="relative aspect-square"
      data-testid="gallery-tile"
      data-status={image.status}
      data-image-id={image.id}
    >
      <button
        type="button"
        onClick={onOpen}
        data-tile-id={image.id}
        aria-label={label}
        title={image.prompt}
        className={cn(
          'group absolute inset-0 cursor-zoom-in overflow-hidden rounded-xl bg-surface-2',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        )}
      >
        {image.status === 'ready' && image.urls ? (
          <img
            src={image.urls.thumb}
            alt=""
            loading="lazy"
            decoding="async"
            onLoad={() => setLoaded(true)}
            className={cn(
              'h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]',
              loaded ? 'opacity-100' : 'opacity-0',
            )}
          />
        ) : null}
        {pending ? (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center">
            <Spinner className="h-6 w-6" />
            <span className="text-xs font-medium text-muted" data-testid="gallery-tile-status">
              {t(`status.${image.status}`)}
            </span>
          </span>
        ) : null}
        {image.status === 'failed' ? (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-danger">
            <AlertTriangle className="h-6 w-6" aria-hidden="true" />
            <span className="text-xs font-medium" data-testid="gallery-tile-status">
              {t('status.failed')}
            </span>
          </span>
        ) : null}
      </button>
      {image.demo ? <DemoTag className="pointer-events-none absolute top-1.5 left-1.5" /> : null}
    </li>
  );
}
