import type { GenerateImageOutput, ImageItem } from '@polymath/shared';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ImageCard } from './image-card.tsx';
import { ImageLightbox } from './image-lightbox.tsx';
import { useImageErrorText } from './image-status.tsx';
import { ImageUsageNotice } from './image-usage-notice.tsx';
import { useAnswerImages } from './use-answer-images.ts';

type OkOutput = Extract<GenerateImageOutput, { ok: true }>;

/**
 * What an answer of an image tool shows for its `generate_image` call: a card per image of the
 * answer (so variations asked for later appear too), each following its image from queued to ready
 * or failed. The cards read the images from the server, so leaving or reloading the page loses
 * nothing: they pick the jobs up again. A call that made no images shows why.
 */
export function AnswerImages({
  answerId,
  output,
  actions,
  compare,
}: {
  answerId: string;
  output: GenerateImageOutput;
  /** A tool's own actions on each ready image ("Refine this one"). */
  actions?: ((image: ImageItem) => ReactNode) | undefined;
  /** Edits show before and after with a slider. */
  compare?: boolean | undefined;
}) {
  if (!output.ok) return <OutputError error={output.error} />;
  return <AnswerImageCards answerId={answerId} output={output} actions={actions} compare={compare} />;
}

function OutputError({ error }: { error: { code: string; message: string } }) {
  const errorText = useImageErrorText();
  return (
    <div className="flex flex-col gap-2" data-testid="answer-images">
      <div
        role="alert"
        data-testid="answer-images-error"
        className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
      >
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-0.5">
          <p data-testid="answer-images-error-text">{errorText(error)}</p>
          {/* When more can be made again. */}
          {error.code === 'IMAGE_LIMIT_REACHED' ? <ImageUsageNotice bare /> : null}
        </div>
      </div>
    </div>
  );
}

function AnswerImageCards({
  answerId,
  output,
  actions,
  compare,
}: {
  answerId: string;
  output: OkOutput;
  actions?: ((image: ImageItem) => ReactNode) | undefined;
  compare?: boolean | undefined;
}) {
  const { t } = useTranslation('images');
  const { images, data, isError, isFetching, refetch } = useAnswerImages(answerId, output);
  const [openId, setOpenId] = useState<string | null>(null);

  const [w = 1, h = 1] = output.aspectRatio.split(':').map(Number);
  const landscape = w > h;
  const viewable = images.filter((image) => image.status === 'ready');
  const openIndex = viewable.findIndex((image) => image.id === openId);
  const open = openIndex === -1 ? null : viewable[openIndex];

  return (
    <div className="flex flex-col gap-3" data-testid="answer-images">
      {isError && !data ? (
        <div
          role="alert"
          className="flex items-center gap-2 text-sm text-danger"
          data-testid="answer-images-load-error"
        >
          <span>{t('loadError')}</span>
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className={buttonClass('secondary', 'sm')}
            data-testid="answer-images-retry"
          >
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t('retry')}
          </button>
        </div>
      ) : null}
      {data && data.length === 0 ? (
        <p className="text-sm text-muted" data-testid="answer-images-gone">
          {t('answer.allDeleted')}
        </p>
      ) : (
        <div
          className={cn(
            'grid gap-3',
            images.length === 1 && 'max-w-md grid-cols-1',
            // Wide pictures side by side on a phone would be too low for their status text.
            images.length > 1 && (landscape ? 'max-w-2xl grid-cols-1 sm:grid-cols-2' : 'max-w-2xl grid-cols-2'),
          )}
        >
          {images.map((image) => (
            <ImageCard
              key={image.id}
              image={image}
              onOpen={() => setOpenId(image.id)}
              actions={image.status === 'ready' ? actions?.(image) : undefined}
              compare={compare}
            />
          ))}
        </div>
      )}
      <ImageUsageNotice />
      <ImageLightbox
        content={open ? { kind: 'image', image: open } : null}
        onClose={() => setOpenId(null)}
        onPrevious={openIndex > 0 ? () => setOpenId(viewable[openIndex - 1]?.id ?? null) : undefined}
        onNext={
          openIndex !== -1 && openIndex < viewable.length - 1
            ? () => setOpenId(viewable[openIndex + 1]?.id ?? null)
            : undefined
        }
        position={viewable.length > 1 && openIndex !== -1 ? { index: openIndex, total: viewable.length } : undefined}
        showChatLink={false}
        onDeleted={() => setOpenId(viewable[openIndex + 1]?.id ?? viewable[openIndex - 1]?.id ?? null)}
      />
    </div>
  );
}
