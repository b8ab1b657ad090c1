import type { ImageItem } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { imagesApi } from './images-api.ts';

export function useCurrentUserId(): string | null {
  return useAppSelector((s) => s.user.currentUser?.id ?? null);
}

/** Variations and regenerating are Pro's (the server refuses them to free users too). */
export function useIsPro(): boolean {
  return useAppSelector((s) => s.user.currentUser?.accessLevel === 'pro');
}

/**
 * Delete-with-undo, more images like one (variations / regenerate, Pro) and copy prompt. The calls
 * are dispatched directly, not through mutation hooks: the card or tile that asked may be gone
 * (deleted, scrolled away) by the time the server answers or Undo is pressed.
 */
export function useImageActions() {
  const { t } = useTranslation('images');
  const dispatch = useAppDispatch();
  const isPro = useIsPro();

  /** Removes the image at once everywhere; the toast's Undo restores it (after the delete has gone through). */
  function remove(image: Pick<ImageItem, 'id'>) {
    const deleted: Promise<boolean> = dispatch(imagesApi.endpoints.deleteImage.initiate(image.id))
      .unwrap()
      .then(
        () => true,
        (error: unknown) => {
          // The image is back (the cache change was rolled back): the "deleted" toast goes away.
          toast.dismiss(toastId);
          toast.error(apiErrorMessage(error, t));
          return false;
        },
      );
    const toastId = toast(t('deleted'), {
      action: {
        label: t('undo'),
        onClick: () => {
          void deleted.then(async (ok) => {
            if (!ok) return;
            const restored = await dispatch(imagesApi.endpoints.restoreImage.initiate(image.id));
            if (restored.error) toast.error(apiErrorMessage(restored.error, t));
          });
        },
      },
    });
  }

  /** New images from the image's prompt and settings; a free person is offered Pro instead. */
  async function makeMore(image: Pick<ImageItem, 'id'>, count: number): Promise<boolean> {
    if (!isPro) {
      dispatch(upgradeToProDialogSet(true));
      return false;
    }
    const result = await dispatch(imagesApi.endpoints.createImageVariations.initiate({ id: image.id, count }));
    if (!result.error) return true;
    const code = apiErrorCode(result.error);
    if (code === 'TOOL_REQUIRES_PRO') dispatch(upgradeToProDialogSet(true));
    else toast.error(apiErrorMessage(result.error, t));
    if (code === 'IMAGE_LIMIT_REACHED') dispatch(imagesApi.util.invalidateTags(['ImageUsage']));
    return false;
  }

  /** Copies an image's prompt (or a photo translation's text: `done` says which was copied). */
  async function copyPrompt(prompt: string, done: 'promptCopied' | 'textCopied' = 'promptCopied'): Promise<void> {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success(t(done));
    } catch {
      toast.error(t('copyFailed'));
    }
  }

  return { isPro, remove, makeMore, copyPrompt };
}
