import {
  findPhotoLanguage,
  PHOTO_LANGUAGES,
  PHOTO_TRANSLATE_EXTENSIONS,
  PHOTO_TRANSLATE_MAX_BYTES,
  PHOTO_TRANSLATE_REFUSALS,
  PHOTO_TRANSLATE_TYPES,
  type PhotoTranslateInput,
  type PhotoTranslateRefusal,
  photoTranslateInputSchema,
} from '@polymath/shared';
import type { TFunction } from 'i18next';
import { ImagePlus, Languages, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { authDialogOpened } from '../../../lib/store/dialogs-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../../lib/store/store.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { LanguagePicker } from './language-picker.tsx';
import { photoToTranslateUrl, useUploadPhotoToTranslateMutation } from './photo-translate-api.ts';
import { rememberLanguage } from './recent-languages.ts';

const TOOL = 'photo-translate';

/** The page's inputs as stored (anything no longer valid is dropped); the target defaults to the app's language. */
export function selectPhotoTranslateInput(state: RootState, appLanguage: string): PhotoTranslateInput {
  const stored = (state.chat.toolInputs?.[TOOL] ?? {}) as Record<string, unknown>;
  const parsed = photoTranslateInputSchema.safeParse({
    ...stored,
    target: stored.target ?? (appLanguage === 'tr' ? 'tr' : 'en'),
  });
  return parsed.success ? parsed.data : { source: 'auto', target: appLanguage === 'tr' ? 'tr' : 'en' };
}

/** Why a photo cannot be used, checked before uploading (the server checks the same by content). */
function localRefusal(file: File): PhotoTranslateRefusal | null {
  if (file.size === 0) return 'empty';
  if (file.size > PHOTO_TRANSLATE_MAX_BYTES) return 'tooLarge';
  const name = file.name.toLowerCase();
  const typed = (PHOTO_TRANSLATE_TYPES as readonly string[]).includes(file.type);
  const named = PHOTO_TRANSLATE_EXTENSIONS.some((ext) => name.endsWith(ext));
  return typed || named ? null : 'unsupportedType';
}

export type PhotoIntake = {
  /** Checks and uploads a photo (picked, dropped or pasted); the first file of several. */
  take(files: File[]): void;
  uploading: boolean;
  problem: string | null;
};

/** Taking a photo in: checked here, uploaded, and named in the page's inputs; what went wrong is said in words. */
export function usePhotoIntake(): PhotoIntake {
  const { t } = useTranslation('photo-translate');
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.user.currentUser !== null);
  const [upload, { isLoading }] = useUploadPhotoToTranslateMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const take = useCallback(
    async (files: File[]) => {
      const file = files[0];
      if (!file) return;
      setProblem(null);
      // Photos are kept in the person's account: a visitor signs in first, as the chat asks.
      if (!signedIn) {
        dispatch(authDialogOpened('signIn'));
        return;
      }
      const refused = localRefusal(file);
      if (refused) {
        setProblem(t(`refused.${refused}`));
        return;
      }
      try {
        const photo = await upload(file).unwrap();
        dispatch(toolInputChanged({ toolId: TOOL, input: { photoId: photo.id } }));
      } catch (error) {
        const reason = (error as { data?: { error?: { details?: { reason?: unknown } } } }).data?.error?.details
          ?.reason;
        const known = (PHOTO_TRANSLATE_REFUSALS as readonly unknown[]).includes(reason);
        const message = known ? t(`refused.${reason as PhotoTranslateRefusal}`) : apiErrorMessage(error, t);
        setProblem(message);
        if (!known) toast.error(message);
      }
    },
    [dispatch, signedIn, t, upload],
  );
  return { take: (files) => void take(files), uploading: isLoading, problem };
}

/** The message a "Translate" press sends (the page's inputs carry the photo and the languages). */
export function translateMessage(t: TFunction<'photo-translate'>, target: string): string {
  return t('message', { language: findPhotoLanguage(target)?.nativeName ?? target });
}

/**
 * Photo translate's inputs above the message box: the photo (pick, drop anywhere on the chat, or
 * paste), the languages (from: detect or chosen; into: a searchable list in their own names, the
 * last used first), and Translate, which sends the request as a message of its own.
 */
/** What the inputs may do with the chat (the page passes the chat's own). */
type Chat = { send(text: string): boolean; busy: boolean };

export function PhotoTranslateOptions({ chat, intake }: { chat: Chat; intake: PhotoIntake }) {
  const { t, i18n } = useTranslation('photo-translate');
  const dispatch = useAppDispatch();
  const input = useAppSelector((s) => selectPhotoTranslateInput(s, i18n.language));
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { source: useId(), error: useId() };
  const [missingPhoto, setMissingPhoto] = useState(false);
  const set = (next: Partial<Record<keyof PhotoTranslateInput, unknown>>) =>
    dispatch(toolInputChanged({ toolId: TOOL, input: next }));

  // A photo pasted anywhere on the page (the message box attaches nothing here).
  const { take } = intake;
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      take(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [take]);

  useEffect(() => {
    if (input.photoId) setMissingPhoto(false);
  }, [input.photoId]);

  const translate = () => {
    if (!input.photoId) {
      setMissingPhoto(true);
      fileInput.current?.click();
      return;
    }
    rememberLanguage(input.target);
    chat.send(translateMessage(t, input.target));
  };

  const problem = intake.problem ?? (missingPhoto ? t('options.needPhoto') : null);
  return (
    <fieldset
      className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pb-2 sm:px-4"
      data-testid="photo-translate-options"
    >
      <legend className="sr-only">{t('options.label')}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {input.photoId ? (
          <div className="flex items-center gap-2" data-testid="photo-translate-photo">
            <img
              src={photoToTranslateUrl(input.photoId)}
              alt={t('options.photoAlt')}
              className="h-12 w-12 rounded-lg border border-border bg-white object-cover"
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={intake.uploading}
              className={buttonClass('ghost', 'sm')}
              data-testid="photo-translate-change"
            >
              {intake.uploading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {intake.uploading ? t('options.uploading') : t('options.change')}
            </button>
            <button
              type="button"
              onClick={() => set({ photoId: undefined })}
              className={cn(buttonClass('ghost', 'sm'), 'px-2 text-muted')}
              aria-label={t('options.remove')}
              title={t('options.remove')}
              data-testid="photo-translate-remove"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={intake.uploading}
            className={buttonClass('secondary', 'sm')}
            aria-describedby={problem ? ids.error : undefined}
            data-testid="photo-translate-add"
          >
            {intake.uploading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
            )}
            {intake.uploading ? t('options.uploading') : t('options.add')}
          </button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={[...PHOTO_TRANSLATE_TYPES, ...PHOTO_TRANSLATE_EXTENSIONS].join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            intake.take([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          data-testid="photo-translate-input"
        />
        <label className="flex items-center gap-2 text-xs text-muted" htmlFor={ids.source}>
          {t('options.from')}
          <select
            id={ids.source}
            value={input.source}
            onChange={(e) => set({ source: e.target.value })}
            className="h-8 max-w-52 rounded-lg border border-border bg-bg px-2 text-sm text-fg focus:outline-2 focus:outline-accent"
            data-testid="photo-translate-source"
          >
            <option value="auto">{t('options.detect')}</option>
            {PHOTO_LANGUAGES.map((language) => (
              <option key={language.code} value={language.code}>
                {language.nativeName}
              </option>
            ))}
          </select>
        </label>
        <span className="flex items-center gap-2 text-xs text-muted">
          {t('options.into')}
          <LanguagePicker
            value={input.target}
            onChange={(target) => set({ target })}
            label={t('options.target')}
            testId="photo-translate-target"
          />
        </span>
        <button
          type="button"
          onClick={translate}
          disabled={chat.busy || intake.uploading}
          className={cn(buttonClass('primary', 'sm'), 'ml-auto')}
          data-testid="photo-translate-go"
        >
          <Languages className="h-4 w-4" aria-hidden="true" />
          {t('options.translate')}
        </button>
      </div>
      {problem ? (
        <p id={ids.error} role="alert" className="text-sm text-danger" data-testid="photo-translate-error">
          {problem}
        </p>
      ) : input.photoId ? null : (
        <p className="text-xs text-muted">{t('options.hint')}</p>
      )}
    </fieldset>
  );
}
