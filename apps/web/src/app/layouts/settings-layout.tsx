import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LanguageSwitcher } from '../../features/preferences/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/theme-toggle.tsx';

const TABS = [
  { to: '/settings/account', key: 'settings.account' },
  { to: '/settings/login-connections', key: 'settings.loginConnections' },
  { to: '/settings/my-plan', key: 'settings.myPlan' },
] as const;

/** The settings layout (spec §2) with its three tabs. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-border bg-bg/90 px-2 backdrop-blur sm:px-4">
        <Link to="/web-main" className={buttonClass('ghost', 'sm', 'h-10')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('nav.backToChat')}
        </Link>
        <span className="flex-1" />
        <LanguageSwitcher />
        <ThemeToggle />
      </header>
      <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <nav aria-label={t('settings.title')} className="mt-6 overflow-x-auto border-b border-border">
          {/* Thirds on a phone (labels wrap) so every tab, the active one included, is in view. */}
          <ul className="grid grid-cols-3 sm:flex sm:gap-1">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) =>
                    cn(
                      '-mb-px flex h-full items-center justify-center border-b-2 px-2 py-2.5 text-center text-sm font-medium transition sm:px-3',
                      isActive ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg',
                    )
                  }
                >
                  {t(tab.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pt-6">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
