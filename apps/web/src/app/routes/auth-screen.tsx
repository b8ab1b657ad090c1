import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthForm } from '../../features/auth/auth-forms.tsx';
import type { AuthStep } from '../../lib/store/dialogs-slice.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

const PATHS: Record<AuthStep, string> = { signIn: '/sign-in', signUp: '/sign-up', forgotPassword: '/forgot-password' };
const TITLES = {
  signIn: 'auth.signInTitle',
  signUp: 'auth.signUpTitle',
  forgotPassword: 'auth.forgotPasswordTitle',
} as const;

/** /sign-in, /sign-up and /forgot-password: the auth forms on a page of their own. */
export function AuthScreen({ step }: { step: AuthStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">{t(TITLES[step])}</h1>
      <div className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <AuthForm step={step} onStep={(next) => navigate(PATHS[next])} />
      </div>
    </PublicLayout>
  );
}
