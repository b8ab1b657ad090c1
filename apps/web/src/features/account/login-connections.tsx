import type { LoginProvider } from '@polymath/shared';
import { Apple, KeyRound, Link2, Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { refreshProfile } from '../../lib/api/session-api.ts';
import { startSocialSignIn } from '../../lib/auth/social-popup.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useSendChangePasswordEmailMutation, useUnlinkConnectionMutation } from './account-api.ts';

/**
 * Settings → Login Connections: Google, Apple and email/password. Connecting a provider links it to
 * this account; disconnecting is refused when no verified connection would remain (spec §4).
 */
export function LoginConnections() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.currentUser);
  const { data: config } = useGetPublicConfigQuery();
  const [unlink, { isLoading: unlinking }] = useUnlinkConnectionMutation();
  const [sendSetPassword, { isLoading: sending }] = useSendChangePasswordEmailMutation();
  if (!user) return null;
  const enabled = new Set<LoginProvider>(['credential', ...(config?.authProviders ?? [])]);
  const rows: { id: LoginProvider; label: string; icon: React.ReactNode }[] = [
    { id: 'google', label: 'Google', icon: <span className="text-base font-bold text-[#4285F4]">G</span> },
    { id: 'apple', label: 'Apple', icon: <Apple className="h-4 w-4" aria-hidden="true" /> },
    { id: 'credential', label: t('settings.emailPassword'), icon: <KeyRound className="h-4 w-4" aria-hidden="true" /> },
  ];

  const connect = async (provider: LoginProvider) => {
    if (provider === 'credential') {
      const result = await sendSetPassword();
      if (result.error) return void toast.error(apiErrorMessage(result.error, t));
      return void toast.success(t('settings.changePasswordSent', { email: user.email }));
    }
    const result = await startSocialSignIn(provider, 'link');
    if ('redirected' in result) return;
    if (!result.ok) return void toast.error(t(`errors:${result.code}`));
    await refreshProfile(dispatch);
    toast.success(t('settings.connected'));
  };

  const disconnect = async (provider: LoginProvider) => {
    const result = await unlink(provider);
    if (result.error) return void toast.error(apiErrorMessage(result.error, t));
    await refreshProfile(dispatch);
    toast.success(t('settings.disconnected'));
  };

  return (
    <SettingsSection title={t('settings.loginConnections')} description={t('settings.connectionsHelp')}>
      <ul className="divide-y divide-border">
        {rows
          .filter((row) => enabled.has(row.id) || user.providers.includes(row.id))
          .map((row) => {
            const connected = user.providers.includes(row.id);
            return (
              <li key={row.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`connection-${row.id}`}>
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-bg">{row.icon}</span>
                <span className="flex-1">
                  <span className="block font-medium">{row.label}</span>
                  <span className="block text-xs text-muted">
                    {connected ? t('settings.isConnected') : t('settings.notConnected')}
                  </span>
                </span>
                {connected ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    // The server refuses to remove the last verified connection; the only one cannot go.
                    disabled={unlinking || user.providers.length < 2}
                    onClick={() => disconnect(row.id)}
                  >
                    <Unlink className="h-4 w-4" aria-hidden="true" />
                    {t('settings.disconnect')}
                  </Button>
                ) : (
                  <Button variant="secondary" size="sm" disabled={sending} onClick={() => connect(row.id)}>
                    <Link2 className="h-4 w-4" aria-hidden="true" />
                    {t('settings.connect')}
                  </Button>
                )}
              </li>
            );
          })}
      </ul>
    </SettingsSection>
  );
}
