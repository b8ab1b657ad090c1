import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { apiErrorCode } from '../../lib/api/api-error.ts';
import type { FieldErrors } from '../../lib/forms/field-errors.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useSendVerificationEmailMutation } from './auth-api.ts';

export function formValues(e: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)]));
}

/** "Resend verification email": spec §8 "Failed to send activation email." when it fails. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const [send, { isLoading }] = useSendVerificationEmailMutation();
  return (
    <button
      type="button"
      disabled={isLoading}
      className="mt-1 block font-semibold text-accent underline-offset-2 hover:underline disabled:opacity-50"
      onClick={async () => {
        const result = await send({ email });
        if (result.error) {
          const code = apiErrorCode(result.error);
          toast.error(code === 'RATE_LIMITED' ? t('errors:RATE_LIMITED') : t('errors:ACTIVATION_EMAIL_FAILED'));
        } else toast.success(t('auth.verificationSent', { email }));
      }}
    >
      {t('auth.resendVerification')}
    </button>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {children}
    </div>
  );
}

export function SwitchLine({ text, action, onClick }: { text: ReactNode; action: string; onClick: () => void }) {
  return (
    <p className="text-center text-sm text-muted">
      {text}{' '}
      <button type="button" className="font-semibold text-accent hover:underline" onClick={onClick}>
        {action}
      </button>
    </p>
  );
}

/** A new password and its confirmation, as sign-up and the reset form ask for them. */
export function NewPasswordFields({ label, errors }: { label: string; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={label} name="password" type="password" autoComplete="new-password" error={errors.password} />
      <Field
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

export function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Button type="submit" size="lg" className="justify-center" disabled={busy}>
      {label}
    </Button>
  );
}
