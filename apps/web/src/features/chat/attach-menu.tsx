import { FileText, ImageIcon, Lock, Paperclip } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import type { AttachmentsControl } from './use-attachments.ts';

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-surface-2';

/** The paperclip's menu (Radix), loaded when the paperclip is first used (attach-button.tsx). */
export default function AttachMenu({
  attachments,
  pickImages,
  pickPdfs,
}: {
  attachments: AttachmentsControl;
  pickImages: () => void;
  pickPdfs: () => void;
}) {
  const { t } = useTranslation(['chat', 'documents']);
  const locked = attachments.documents === 'locked';
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
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
  );
}
