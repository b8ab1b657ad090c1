import { signInSchema } from '@polymath/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { useSignInEmailMutation } from './auth-api.ts';
import type { FormProps } from './auth-form.tsx';
import { loadCurrentUser } from './auth-session.ts';
import { FormAlert, formValues, ResendVerification, SubmitButton, SwitchLine } from './form-parts.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function SignInForm({ onStep, onSignedIn }: FormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string>();
  const [signIn, { isLoading }] = useSignInEmailMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e);
    const found = fieldErrors(signInSchema, values, t);
    setErrors(found ?? {});
    setFormError(undefined);
    setUnverifiedEmail(undefined);
    if (found) return;
    const email = values.email?.trim() ?? '';
    const result = await signIn({ email, password: values.password ?? '' });
    if (result.error) {
      // Spec §4: an unverified password account counts as signed out, with a way to resend the mail.
      if (apiErrorCode(result.error) === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(email);
      setFormError(apiErrorMessage(result.error, t));
      return;
    }
    if (await loadCurrentUser(dispatch, t)) onSignedIn();
  };

  return (
    <div className="flex flex-col gap-5">
      <SocialButtons onSignedIn={onSignedIn} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.signIn')}>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={errors.email} />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <button
          type="button"
          className="self-end text-sm font-medium text-accent hover:underline"
          onClick={() => onStep('forgotPassword')}
        >
          {t('auth.forgotPassword')}
        </button>
        {formError ? (
          <FormAlert>
            {formError}
            {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
          </FormAlert>
        ) : null}
        <SubmitButton label={t('auth.signIn')} busy={isLoading} />
      </form>
      <SwitchLine text={t('auth.noAccount')} action={t('auth.signUp')} onClick={() => onStep('signUp')} />
    </div>
  );
}
