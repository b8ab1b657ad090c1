import { Paperclip } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useLoadOnUse } from '../../components/ui/use-load-on-use.ts';
import { ATTACHMENT_ACCEPT, PDF_ACCEPT } from './attachment-upload.ts';
import type { AttachmentsControl } from './use-attachments.ts';

const loadMenu = () => import('./attach-menu.tsx');
const AttachMenu = lazy(loadMenu);

/**
 * The paperclip. In a chat that takes PDFs it opens a menu: images (for a model that sees) or PDF
 * documents, marked PRO with a lock for a free person, whom it sends to the upgrade dialog. The menu
 * (attach-menu.tsx) loads when the paperclip is first used, not with the first screen (B7).
 */
export function AttachButton({
  attachments,
  signedIn,
  onSignIn,
  onNoVision,
}: {
  attachments: AttachmentsControl;
  signedIn: boolean;
  onSignIn: () => void;
  onNoVision: () => void;
}) {
  const { t } = useTranslation(['chat', 'documents']);
  const { used, triggerProps } = useLoadOnUse(loadMenu);
  const images = useRef<HTMLInputElement>(null);
  const pdfs = useRef<HTMLInputElement>(null);
  const pickImages = () => {
    if (!attachments.enabled) onNoVision();
    else if (!signedIn) onSignIn();
    else images.current?.click();
  };
  const pickPdfs = () => {
    if (!signedIn) onSignIn();
    else if (attachments.documents === 'locked') attachments.onLocked();
    else pdfs.current?.click();
  };
  const inputs = (
    <>
      <input
        ref={images}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-images-input"
        onChange={(e) => {
          if (e.target.files) attachments.add([...e.target.files]);
          e.target.value = '';
        }}
      />
      <input
        ref={pdfs}
        type="file"
        accept={PDF_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-pdf-input"
        onChange={(e) => {
          if (e.target.files) attachments.add([...e.target.files]);
          e.target.value = '';
        }}
      />
    </>
  );

  if (attachments.documents === 'off') {
    const label = attachments.enabled ? t('attach.button') : t('attach.noVision');
    return (
      <>
        <button
          type="button"
          className={buttonClass('ghost', 'icon', cn('shrink-0 rounded-full', !attachments.enabled && 'opacity-50'))}
          aria-label={label}
          title={label}
          aria-disabled={!attachments.enabled || undefined}
          onClick={pickImages}
          data-testid="attach-button"
        >
          <Paperclip className="h-5 w-5" aria-hidden="true" />
        </button>
        {inputs}
      </>
    );
  }

  const trigger = (
    <button
      type="button"
      className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full')}
      aria-label={t('documents:attach.menuLabel')}
      title={t('documents:attach.menuLabel')}
      data-testid="attach-button"
      {...triggerProps}
    >
      <Paperclip className="h-5 w-5" aria-hidden="true" />
    </button>
  );
  return (
    <>
      {used ? (
        <Suspense fallback={trigger}>
          <AttachMenu attachments={attachments} pickImages={pickImages} pickPdfs={pickPdfs} />
        </Suspense>
      ) : (
        trigger
      )}
      {inputs}
    </>
  );
}
