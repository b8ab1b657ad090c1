import { forgotPasswordSchema, resetPasswordSchema } from '@polymath/shared';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors.ts';
import type { AuthStep } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { userSignedOut } from '../../lib/store/user-slice.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from './auth-api.ts';
import { FormAlert, formValues, NewPasswordFields, SubmitButton, SwitchLine } from './form-parts.tsx';

/** Forgot password: the same answer whether or not an account exists for the email. */
export function ForgotPasswordForm({ onStep }: { onStep: (step: AuthStep) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e);
    const found = fieldErrors(forgotPasswordSchema, values, t);
    setErrors(found ?? {});
    setFormError(undefined);
    if (found) return;
    const email = values.email?.trim() ?? '';
    const result = await requestReset({ email });
    if (result.error) return setFormError(apiErrorMessage(result.error, t));
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" data-testid="reset-sent">
        <MailCheck className="h-10 w-10 text-accent" aria-hidden="true" />
        <p className="text-sm text-muted">{t('auth.resetSent', { email: sentTo })}</p>
        <SwitchLine text={t('auth.rememberedPassword')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('auth.forgotPasswordHelp')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.forgotPassword')}>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={errors.email} />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton label={t('auth.sendResetLink')} busy={isLoading} />
      </form>
      <SwitchLine text={t('auth.rememberedPassword')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
    </div>
  );
}

/** The link from a reset or change-password mail: choose the new password, then sign in again. */
export function ResetPasswordForm({ token, onStep }: { token: string; onStep: (step: AuthStep) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e);
    const found = fieldErrors(resetPasswordSchema, values, t);
    setErrors(found ?? {});
    setFormError(undefined);
    if (found) return;
    const result = await resetPassword({ token, newPassword: values.password ?? '' });
    if (result.error) return setFormError(apiErrorMessage(result.error, t));
    toast.success(t('auth.passwordChanged'));
    // The server ended every session, this tab's included: sign in again with the new password.
    dispatch(userSignedOut());
    onStep('signIn');
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.newPasswordTitle')}>
      <p className="text-sm text-muted">{t('auth.newPasswordHelp')}</p>
      <NewPasswordFields label={t('auth.newPassword')} errors={errors} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SubmitButton label={t('auth.savePassword')} busy={isLoading} />
    </form>
  );
}
