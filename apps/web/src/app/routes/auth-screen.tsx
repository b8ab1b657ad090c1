import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthForm } from '../../features/auth/auth-form.tsx';
import { socialErrorCode } from '../../lib/auth/social-popup.ts';
import type { AuthStep } from '../../lib/store/dialogs-slice.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { safeRedirect } from './guards.tsx';

const PATHS: Record<AuthStep, string> = { signIn: '/sign-in', signUp: '/sign-up', forgotPassword: '/forgot-password' };
const TITLES = {
  signIn: 'auth.signInTitle',
  signUp: 'auth.signUpTitle',
  forgotPassword: 'auth.forgotPasswordTitle',
} as const;

/**
 * /sign-in, /sign-up and /forgot-password: the auth forms on a page of their own. `redirect` brings
 * the person back where a guard stopped them; `verified=1` greets a just-verified email; `token`
 * turns forgot-password into the new-password form; `error` reports a failed social redirect.
 */
export function AuthScreen({ step }: { step: AuthStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const token = params.get('token');
  const socialError = params.get('error');
  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <PublicLayout>
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">
        {t(token && step === 'forgotPassword' ? 'auth.newPasswordTitle' : TITLES[step])}
      </h1>
      {params.get('verified') === '1' ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl bg-accent-soft px-3 py-2 text-sm text-accent"
        >
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('auth.emailVerified')}
        </p>
      ) : null}
      {socialError ? (
        <p role="alert" className="mb-4 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {t(`errors:${socialErrorCode(socialError)}`)}
        </p>
      ) : null}
      <div className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <AuthForm
          step={step}
          resetToken={token}
          onStep={(next) => navigate(`${PATHS[next]}${keep}`)}
          onSignedIn={() => navigate(redirect ?? '/web-main', { replace: true })}
        />
      </div>
    </PublicLayout>
  );
}
