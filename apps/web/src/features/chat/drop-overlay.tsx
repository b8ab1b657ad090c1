import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What a file dragged over the chat would become, shown while it is held over it. */
export function DropOverlay({
  takesPhotos,
  documents,
  vision,
}: {
  /** The tool takes the dropped photo itself (photo translate, tattoo generator). */
  takesPhotos: boolean;
  documents: boolean;
  vision: boolean;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-3xl border-2 border-dashed border-accent bg-bg/85 text-center text-sm font-medium"
      aria-hidden="true"
    >
      <ImagePlus className="h-8 w-8 text-accent" />
      {takesPhotos
        ? t('attach.dropPhoto')
        : documents
          ? t('documents:attach.drop')
          : vision
            ? t('attach.drop')
            : t('attach.noVision')}
    </div>
  );
}
