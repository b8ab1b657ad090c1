import { FileText, ImageIcon, Lock, Paperclip } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ATTACHMENT_ACCEPT, PDF_ACCEPT } from './attachments.ts';
import type { AttachmentsControl } from './use-attachments.ts';

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-surface-2';

/**
 * The paperclip. In a chat that takes PDFs it opens a menu: images (for a model that sees) or PDF
 * documents, marked PRO with a lock for a free person, whom it sends to the upgrade dialog.
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

  const locked = attachments.documents === 'locked';
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full')}
          aria-label={t('documents:attach.menuLabel')}
          title={t('documents:attach.menuLabel')}
          data-testid="attach-button"
        >
          <Paperclip className="h-5 w-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="start"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-2xl border border-border bg-bg p-1.5 text-fg shadow-xl"
            data-testid="attach-menu"
          >
            <DropdownMenu.Item
              className={cn(itemClass, !attachments.enabled && 'opacity-60')}
              onSelect={pickImages}
              data-testid="attach-images"
            >
              <ImageIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium">{t('documents:attach.images')}</span>
                <span className="block text-xs text-muted">
                  {attachments.enabled ? t('documents:attach.imagesHint') : t('attach.noVision')}
                </span>
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={pickPdfs}
              data-testid="attach-pdf"
              data-locked={locked || undefined}
            >
              <FileText className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 font-medium">
                  {t('documents:attach.pdf')}
                  <span className="inline-flex items-center gap-1 rounded-md bg-pro/15 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-pro">
                    {locked ? <Lock className="h-3 w-3" aria-hidden="true" /> : null}
                    {t('documents:attach.pro')}
                  </span>
                </span>
                <span className="block text-xs text-muted">
                  {locked ? t('documents:attach.locked') : t('documents:attach.pdfHint')}
                </span>
              </span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {inputs}
    </>
  );
}
