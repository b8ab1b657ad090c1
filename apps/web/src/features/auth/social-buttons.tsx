import { Apple } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { type SocialProvider, startSocialSignIn } from '../../lib/auth/social-popup.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { loadCurrentUser } from './auth-session.ts';

/** Google and Apple sign-in, shown for the providers the server has configured. */
export function SocialButtons({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: config } = useGetPublicConfigQuery();
  const providers = config?.authProviders ?? [];
  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    const result = await startSocialSignIn(provider, 'signIn');
    if ('redirected' in result) return;
    if (!result.ok) return void toast.error(t(`errors:${result.code}`));
    if (await loadCurrentUser(dispatch, t)) onSignedIn();
  };

  return (
    <>
      <div className="grid gap-2">
        {providers.includes('google') ? (
          <Button variant="secondary" size="lg" className="justify-center" onClick={() => start('google')}>
            <GoogleMark />
            {t('auth.continueWithGoogle')}
          </Button>
        ) : null}
        {providers.includes('apple') ? (
          <Button variant="secondary" size="lg" className="justify-center" onClick={() => start('apple')}>
            <Apple className="h-5 w-5" aria-hidden="true" />
            {t('auth.continueWithApple')}
          </Button>
        ) : null}
      </div>
      <div className="flex items-center gap-3 text-xs uppercase text-muted">
        <span className="h-px flex-1 bg-border" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
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
