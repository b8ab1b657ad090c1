import { forgotPasswordSchema, signInSchema, signUpSchema } from '@polymath/shared';
import { Apple } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors.ts';
import type { AuthStep } from '../../lib/store/dialogs-slice.ts';

/**
 * The sign-in, sign-up and forgot-password forms, shared by the /sign-in, /sign-up and
 * /forgot-password screens and the auth dialog. `onStep` moves between them.
 * Validation is the shared schemas with the spec's messages; the account service answers once the
 * accounts work lands (until then a submit says sign-in is not available yet).
 */
export function AuthForm({ step, onStep }: { step: AuthStep; onStep: (step: AuthStep) => void }) {
  if (step === 'signUp') return <SignUpForm onStep={onStep} />;
  if (step === 'forgotPassword') return <ForgotPasswordForm onStep={onStep} />;
  return <SignInForm onStep={onStep} />;
}

function useSubmit() {
  const { t } = useTranslation();
  return () => toast.info(t('auth.unavailable'));
}

function SignInForm({ onStep }: { onStep: (step: AuthStep) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmit();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(e.currentTarget));
    const found = fieldErrors(signInSchema, values, t);
    setErrors(found ?? {});
    if (!found) submit();
  };
  return (
    <div className="flex flex-col gap-5">
      <SocialButtons />
      <Divider />
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
        <Button type="submit" size="lg" className="justify-center">
          {t('auth.signIn')}
        </Button>
      </form>
      <SwitchLine text={t('auth.noAccount')} action={t('auth.signUp')} onClick={() => onStep('signUp')} />
    </div>
  );
}

function SignUpForm({ onStep }: { onStep: (step: AuthStep) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmit();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(e.currentTarget));
    const found = fieldErrors(signUpSchema, values, t);
    setErrors(found ?? {});
    if (!found) submit();
  };
  return (
    <div className="flex flex-col gap-5">
      <SocialButtons />
      <Divider />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.signUp')}>
        <Field label={t('auth.name')} name="name" autoComplete="name" error={errors.name} />
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={errors.email} />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <Field
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" className="justify-center">
          {t('auth.createAccount')}
        </Button>
      </form>
      <SwitchLine text={t('auth.haveAccount')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
    </div>
  );
}

function ForgotPasswordForm({ onStep }: { onStep: (step: AuthStep) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmit();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(e.currentTarget));
    const found = fieldErrors(forgotPasswordSchema, values, t);
    setErrors(found ?? {});
    if (!found) submit();
  };
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('auth.forgotPasswordHelp')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('auth.forgotPassword')}>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={errors.email} />
        <Button type="submit" size="lg" className="justify-center">
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <SwitchLine text={t('auth.rememberedPassword')} action={t('auth.signIn')} onClick={() => onStep('signIn')} />
    </div>
  );
}

function SocialButtons() {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <div className="grid gap-2">
      <Button variant="secondary" size="lg" className="justify-center" onClick={submit}>
        <GoogleMark />
        {t('auth.continueWithGoogle')}
      </Button>
      <Button variant="secondary" size="lg" className="justify-center" onClick={submit}>
        <Apple className="h-5 w-5" aria-hidden="true" />
        {t('auth.continueWithApple')}
      </Button>
    </div>
  );
}

function Divider() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-xs uppercase text-muted">
      <span className="h-px flex-1 bg-border" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

function SwitchLine({ text, action, onClick }: { text: ReactNode; action: string; onClick: () => void }) {
  return (
    <p className="text-center text-sm text-muted">
      {text}{' '}
      <button type="button" className="font-semibold text-accent hover:underline" onClick={onClick}>
        {action}
      </button>
    </p>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}
