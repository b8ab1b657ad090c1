import { BadgeCheck, LogOut, MailWarning, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { refreshProfile, useSignOutMutation } from '../../lib/api/session-api.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { userSignedOut } from '../../lib/store/user-slice.ts';
import { toast } from '../../lib/toast/toast.ts';
import {
  useDeleteAccountMutation,
  useSendChangePasswordEmailMutation,
  useSendVerificationMutation,
  useUpdateProfileMutation,
} from './account-api.ts';
import { ProfilePhoto } from './profile-photo.tsx';

/**
 * Settings → Account: names, photo, email verification, password, documents, shared links and the
 * download of their data, the tracking answer, sign-out and account deletion.
 * `mustCancelSubscription`: a renewing Pro subscription blocks deletion (spec §4); billing knows it.
 */
export function AccountSettings({
  mustCancelSubscription,
  documents,
  yourData,
  tracking,
}: {
  mustCancelSubscription: boolean;
  /** The person's PDFs (ask PDF), listed before sign-out and deletion. */
  documents?: ReactNode;
  /** Their shared links and the download of their data, after the documents. */
  yourData?: ReactNode;
  /** The tracking tools' answer (analytics), when this server uses any. */
  tracking?: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.currentUser);
  if (!user) return null;
  return (
    <div className="flex flex-col gap-5">
      <SettingsSection title={t('settings.profile')}>
        <ProfilePhoto />
        <NamesForm key={user.id} />
      </SettingsSection>
      <EmailSection />
      <PasswordSection />
      {documents}
      {yourData}
      {tracking}
      <SignOutSection />
      <DeleteAccountSection mustCancelFirst={mustCancelSubscription} />
    </div>
  );
}

function NamesForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.currentUser);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [error, setError] = useState<string>();
  if (!user) return null;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setError(undefined);
    const result = await update({
      firstName: String(data.get('firstName') ?? ''),
      lastName: String(data.get('lastName') ?? ''),
      displayName: String(data.get('displayName') ?? ''),
    });
    if (result.error) return setError(apiErrorMessage(result.error, t));
    await refreshProfile(dispatch);
    toast.success(t('settings.saved'));
  };
  return (
    <form onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2" aria-label={t('settings.profile')}>
      <Field
        label={t('settings.firstName')}
        name="firstName"
        defaultValue={user.firstName ?? ''}
        maxLength={60}
        autoComplete="given-name"
      />
      <Field
        label={t('settings.lastName')}
        name="lastName"
        defaultValue={user.lastName ?? ''}
        maxLength={60}
        autoComplete="family-name"
      />
      <Field
        className="sm:col-span-2"
        label={t('settings.displayName')}
        name="displayName"
        defaultValue={user.displayName ?? ''}
        maxLength={60}
        autoComplete="nickname"
      />
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isLoading}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

function EmailSection() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.currentUser);
  const [send, { isLoading }] = useSendVerificationMutation();
  if (!user) return null;
  return (
    <SettingsSection title={t('settings.email')}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium break-all">{user.email}</span>
        {user.emailVerified ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent"
            data-testid="email-verified"
          >
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            {t('settings.verified')}
          </span>
        ) : (
          <>
            <span className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-semibold text-danger">
              <MailWarning className="h-3.5 w-3.5" aria-hidden="true" />
              {t('settings.notVerified')}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={isLoading}
              onClick={async () => {
                const result = await send();
                if (result.error) toast.error(t('errors:ACTIVATION_EMAIL_FAILED'));
                else toast.success(t('auth.verificationSent', { email: user.email }));
              }}
            >
              {t('auth.resendVerification')}
            </Button>
          </>
        )}
      </div>
    </SettingsSection>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.currentUser);
  const [send, { isLoading }] = useSendChangePasswordEmailMutation();
  if (!user) return null;
  return (
    <SettingsSection
      title={t('settings.password')}
      description={user.emailVerified ? t('settings.passwordHelp') : t('settings.passwordNeedsVerified')}
    >
      <Button
        variant="secondary"
        disabled={isLoading || !user.emailVerified}
        onClick={async () => {
          const result = await send();
          if (result.error) {
            const code = apiErrorCode(result.error);
            toast.error(
              code === 'RATE_LIMITED' || code === 'EMAIL_NOT_VERIFIED'
                ? t(`errors:${code}`)
                : t('errors:CHANGE_PASSWORD_EMAIL_FAILED'),
            );
          } else toast.success(t('settings.changePasswordSent', { email: user.email }));
        }}
      >
        {t('settings.changePassword')}
      </Button>
    </SettingsSection>
  );
}

function SignOutSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  return (
    <SettingsSection title={t('settings.signOutTitle')} description={t('settings.signOutHelp')}>
      <Button
        variant="secondary"
        disabled={isLoading}
        onClick={async () => {
          await signOut();
          // The settings guard sends a person who signs out here to the chat.
          dispatch(userSignedOut());
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('settings.signOut')}
      </Button>
    </SettingsSection>
  );
}

/** The link to the place where a subscription is cancelled, which must happen before deletion (spec §4). */
function MyPlanLink() {
  const { t } = useTranslation();
  return (
    <Link to="/settings/my-plan" className={buttonClass('secondary', 'sm')}>
      {t('billing.goToMyPlan')}
    </Link>
  );
}

function DeleteAccountSection({ mustCancelFirst }: { mustCancelFirst: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<{ code: string; message: string }>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  return (
    <SettingsSection title={t('settings.deleteTitle')} description={t('settings.deleteHelp')} danger>
      {mustCancelFirst ? (
        <div
          className="mb-4 flex flex-col items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2.5"
          data-testid="delete-account-hint"
        >
          <p className="flex items-start gap-2 text-sm text-danger">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {t('billing.deleteHint')}
          </p>
          <MyPlanLink />
        </div>
      ) : null}
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('settings.deleteAccount')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setConfirmed(false);
          setError(undefined);
        }}
        title={t('settings.deleteConfirmTitle')}
        description={t('settings.deleteConfirmText')}
        testId="delete-account-dialog"
      >
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-[var(--color-danger)]"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
          {t('settings.deleteConfirmCheck')}
        </label>
        {error ? (
          <div className="mt-3 flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-danger">
              {error.message}
            </p>
            {error.code === 'SUBSCRIPTION_ACTIVE' ? <MyPlanLink /> : null}
          </div>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={!confirmed || isLoading}
            onClick={async () => {
              const result = await deleteAccount();
              if (result.error) {
                return setError({ code: apiErrorCode(result.error), message: apiErrorMessage(result.error, t) });
              }
              dispatch(userSignedOut());
              toast.success(t('settings.deleted'));
            }}
          >
            {t('settings.deleteForever')}
          </Button>
        </div>
      </Dialog>
    </SettingsSection>
  );
}
