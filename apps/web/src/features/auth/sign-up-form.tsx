import { signUpSchema } from '@polymath/shared';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors.ts';
import { useSignUpEmailMutation } from './auth-api.ts';
import type { FormProps } from './auth-form.tsx';
import {
  FormAlert,
  formValues,
  NewPasswordFields,
  ResendVerification,
  SubmitButton,
  SwitchLine,
} from './form-parts.tsx';
import { SocialButtons } from './social-buttons.tsx';

/** Sign-up ends at "check your email": the account works once the link in the mail is opened. */
export function SignUpForm({ onStep, onSignedIn }: FormProps) {
  const { t, i18n } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [signUp, { isLoading }] = useSignUpEmailMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e);
    const found = fieldErrors(signUpSchema, values, t);
    setErrors(found ?? {});
    setFormError(undefined);
    if (found) return;
    const email = values.email?.trim() ?? '';
    const result = await signUp({
      name: values.name?.trim() ?? '',
      email,
      password: values.password ?? '',
      locale: i18n.resolvedLanguage === 'tr' ? 'tr' : 'en',
    });
    if (result.error) return setFormError(apiErrorMessage(result.error, t));
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" data-testid="check-email">
        <MailCheck className="h-10 w-10 text-accent" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{t('auth.checkEmailTitle')}</h2>
        <p className="text-sm text-muted">{t('auth.checkEmailText', { email: sentTo })}</p>
        <ResendVerification email={sentTo} />
        <SwitchLine text={t('auth.haveAccount')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <SocialButtons onSignedIn={onSignedIn} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.signUp')}>
        <Field label={t('auth.name')} name="name" autoComplete="name" error={errors.name} />
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={errors.email} />
        <NewPasswordFields label={t('auth.password')} errors={errors} />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton label={t('auth.createAccount')} busy={isLoading} />
      </form>
      <SwitchLine text={t('auth.haveAccount')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
    </div>
  );
}
