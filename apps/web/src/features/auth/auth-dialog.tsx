import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog.tsx';
import { authDialogClosed, authDialogStepChanged } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { AuthForm } from './auth-form.tsx';

const TITLES = {
  signIn: 'auth.signInTitle',
  signUp: 'auth.signUpTitle',
  forgotPassword: 'auth.forgotPasswordTitle',
} as const;

/** The auth dialog: the same forms as the auth screens, starting at sign-in (spec §3). */
export default function AuthDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { isOpen, step } = useAppSelector((s) => s.dialogs.authDialog);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? undefined : dispatch(authDialogClosed()))}
      title={t(TITLES[step])}
      testId="auth-dialog"
    >
      <AuthForm
        step={step}
        onStep={(next) => dispatch(authDialogStepChanged(next))}
        onSignedIn={() => dispatch(authDialogClosed())}
      />
    </Dialog>
  );
}
