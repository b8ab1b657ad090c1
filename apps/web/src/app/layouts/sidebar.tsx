import { Crown, Images, LogIn, type LucideIcon, Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ThreadsSection } from '../../features/threads/threads-section.tsx';
import { TOOL_REGISTRY } from '../../features/tools/tool-registry.ts';
import { authDialogOpened, upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';

/** Navigation, chat history and account: a column on desktop, the content of the drawer on phones. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.currentUser);
  const threadTools = TOOL_REGISTRY.map((tool) => ({
    id: tool.id,
    label: t(`tools:${tool.key}.title`),
    icon: tool.icon,
  }));
  // The registered tools in their order, then the gallery.
  const entries: { key: string; path: string; icon: LucideIcon; pro?: boolean }[] = [
    ...TOOL_REGISTRY.filter((tool) => tool.nav !== false),
    { key: 'gallery', path: '/gallery', icon: Images },
  ];
  return (
    <div className="flex min-h-full flex-col gap-4 bg-surface p-3">
      <Link
        to="/web-main"
        onClick={onNavigate}
        className="flex items-center gap-2 px-2 pt-1 text-lg font-bold tracking-tight"
      >
        <img src="/favicon.svg" alt="" className="h-8 w-8" width={32} height={32} />
        Polymath
      </Link>
      <Link to="/web-main" onClick={onNavigate} className={buttonClass('primary', 'md', 'justify-center')}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('nav.newChat')}
      </Link>
      <nav aria-label={t('nav.tools')}>
        <ul className="flex flex-col gap-0.5">
          {entries.map((tool) => (
            <li key={tool.key}>
              <NavLink
                to={tool.path}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2 text-sm transition',
                    isActive ? 'bg-accent-soft font-semibold text-accent' : 'text-fg hover:bg-surface-2',
                  )
                }
              >
                <tool.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="flex-1 truncate">{t(`tools:${tool.key}.title`)}</span>
                {tool.pro ? (
                  <span className="rounded-md bg-pro/15 px-1.5 text-[10px] font-bold text-pro">PRO</span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThreadsSection tools={threadTools} onNavigate={onNavigate} />
      {user?.accessLevel !== 'pro' ? (
        <div className="rounded-2xl border border-border bg-bg p-3">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <Crown className="h-4 w-4 text-pro" aria-hidden="true" />
            {t('upgrade.cardTitle')}
          </p>
          <p className="mt-1 text-xs text-muted">{t('upgrade.cardText')}</p>
          <button
            type="button"
            onClick={() => {
              onNavigate?.();
              dispatch(upgradeToProDialogSet(true));
            }}
            className={buttonClass('secondary', 'sm', 'mt-3 w-full justify-center')}
          >
            {t('upgrade.cta')}
          </button>
        </div>
      ) : null}
      <div className="border-t border-border pt-3">
        {user ? (
          <Link to="/settings/account" onClick={onNavigate} className={buttonClass('ghost', 'md', 'w-full')}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            <span className="truncate">{user.displayName ?? user.email}</span>
          </Link>
        ) : (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => {
                onNavigate?.();
                dispatch(authDialogOpened('signIn'));
              }}
              className={buttonClass('secondary', 'md', 'flex-1 justify-center')}
            >
              <LogIn className="h-4 w-4" aria-hidden="true" />
              {t('auth.signIn')}
            </button>
            <Link
              to="/settings"
              onClick={onNavigate}
              className={buttonClass('ghost', 'icon')}
              aria-label={t('nav.settings')}
              title={t('nav.settings')}
            >
              <Settings className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
