import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@polymath/shared';
import { Camera, Trash2, UserRound } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { refreshProfile } from '../../lib/api/session-api.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useDeletePhotoMutation, useUploadPhotoMutation } from './account-api.ts';

/** Profile photo: JPEG, PNG or WebP up to 4 MB (spec §5); the server checks the content again. */
export function ProfilePhoto() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.currentUser);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [upload, { isLoading: uploading }] = useUploadPhotoMutation();
  const [remove, { isLoading: removing }] = useDeletePhotoMutation();
  if (!user) return null;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(undefined);
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(t('settings.photoType'));
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setError(t('settings.photoTooLarge'));
    const result = await upload(file);
    if (result.error) return setError(apiErrorMessage(result.error, t));
    await refreshProfile(dispatch);
    toast.success(t('settings.photoUpdated'));
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {user.profilePhotoUrl ? (
        <img
          src={user.profilePhotoUrl}
          alt={t('settings.photoAlt')}
          className="h-20 w-20 rounded-full object-cover"
          width={80}
          height={80}
        />
      ) : (
        <span className="flex h-20 w-20 items-center justify-center rounded-full bg-surface-2 text-muted">
          <UserRound className="h-10 w-10" aria-hidden="true" />
        </span>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            className="sr-only"
            onChange={onFile}
            aria-label={t('settings.uploadPhoto')}
            data-testid="photo-input"
          />
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            {uploading ? t('settings.uploading') : t('settings.uploadPhoto')}
          </Button>
          {user.profilePhotoUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={removing}
              onClick={async () => {
                const result = await remove();
                if (result.error) return setError(apiErrorMessage(result.error, t));
                await refreshProfile(dispatch);
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('settings.removePhoto')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted">{t('settings.photoHelp')}</p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
