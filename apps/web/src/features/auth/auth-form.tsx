import type { AuthStep } from '../../lib/store/dialogs-slice.ts';
import { ForgotPasswordForm, ResetPasswordForm } from './password-forms.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type FormProps = { onStep: (step: AuthStep) => void; onSignedIn: () => void };

/**
 * The sign-in, sign-up and forgot-password forms, shared by the /sign-in, /sign-up and
 * /forgot-password screens and the auth dialog. With a reset token, forgot-password asks for the
 * new password. Validation uses the shared schemas, so the messages are the spec's.
 */
export function AuthForm({
  step,
  onStep,
  onSignedIn,
  resetToken,
}: FormProps & { step: AuthStep; resetToken?: string | null }) {
  if (step === 'signUp') return <SignUpForm onStep={onStep} onSignedIn={onSignedIn} />;
  if (step === 'forgotPassword') {
    return resetToken ? (
      <ResetPasswordForm token={resetToken} onStep={onStep} />
    ) : (
      <ForgotPasswordForm onStep={onStep} />
    );
  }
  return <SignInForm onStep={onStep} onSignedIn={onSignedIn} />;
}
