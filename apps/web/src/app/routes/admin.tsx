import { ADMIN_SECTIONS, type AdminSection } from '@polymath/shared/admin/admin.schema';
import { ArrowLeft, Briefcase, ChartColumn, Cpu, ScrollText, Users, Wallet } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { useGetAdminMeQuery } from '../../features/admin/admin-api.ts';
import { ADMIN_NS, registerAdminTexts } from '../../features/admin/admin-texts.ts';
import { ModelsSection } from '../../features/admin/console/models-section.tsx';
import { MoneySection } from '../../features/admin/console/money-section.tsx';
import { UsageSection } from '../../features/admin/console/usage-section.tsx';
import { AuditLogSection } from '../../features/admin/sections/audit-log.tsx';
import { JobsSection } from '../../features/admin/sections/jobs.tsx';
import { PeopleSection } from '../../features/admin/sections/people.tsx';
import { LanguageSwitcher } from '../../features/preferences/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/theme-toggle.tsx';
import { apiErrorCode } from '../../lib/api/api-error.ts';

registerAdminTexts();

const ICONS: Record<AdminSection, typeof Users> = {
  people: Users,
  usage: ChartColumn,
  money: Wallet,
  jobs: Briefcase,
  models: Cpu,
  audit: ScrollText,
};

/** What each section's path shows. */
const SECTIONS: Record<AdminSection, () => ReactNode> = {
  people: () => <PeopleSection />,
  usage: () => <UsageSection />,
  money: () => <MoneySection />,
  jobs: () => <JobsSection />,
  models: () => <ModelsSection />,
  audit: () => <AuditLogSection />,
};

/**
 * The section a path names: 'home' for /admin itself, null for a path no section has. Matched here
 * rather than with <Routes>, which would pull more of the router into the first screen's chunk (B7).
 */
function sectionOf(pathname: string): AdminSection | 'home' | null {
  const [, , name] = pathname.split('/');
  if (!name) return 'home';
  return (ADMIN_SECTIONS as readonly string[]).includes(name) ? (name as AdminSection) : null;
}

/**
 * /admin/*: the operator console (issue 28, decision 037), its own lazy chunk reached through the
 * catch-all route (not-found.tsx), so the first screen's route table carries nothing of it (B7).
 * Whether it opens is the server's answer to GET /api/admin/me: anyone else gets the not-found page
 * (`notFound`), the same page as for any unknown address.
 */
export default function AdminConsole({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation(ADMIN_NS);
  const section = sectionOf(useLocation().pathname);
  const { data: me, error, isLoading, refetch } = useGetAdminMeQuery();
  const title = t('title');
  useEffect(() => {
    if (me) document.title = `${title} · Polymath`;
  }, [me, title]);

  if (isLoading) return <LoadingPlaceholder fixed />;
  if (!me) {
    const code = apiErrorCode(error);
    if (code === 'FORBIDDEN' || code === 'UNAUTHORIZED' || code === 'NOT_FOUND') return notFound;
    return (
      <main id="main" className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-12">
        <p role="alert">{t('loadFailed')}</p>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </main>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col" data-testid="admin-console">
      <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-border bg-bg/90 px-2 backdrop-blur sm:px-4">
        <Link to="/web-main" className={buttonClass('ghost', 'sm', 'h-10')} aria-label={t('backToApp')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('backToApp')}</span>
        </Link>
        <h1 className="truncate text-base font-semibold sm:text-lg">{title}</h1>
        <span className="flex-1" />
        <span className="hidden truncate text-sm text-muted md:inline">{t('signedInAs', { email: me.email })}</span>
        <LanguageSwitcher />
        <ThemeToggle />
      </header>
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col md:flex-row">
        <nav
          aria-label={t('navLabel')}
          className="border-b border-border md:w-52 md:shrink-0 md:border-r md:border-b-0 md:py-4"
        >
          <ul className="flex overflow-x-auto px-2 md:flex-col md:gap-1 md:overflow-visible">
            {ADMIN_SECTIONS.map((section) => {
              const Icon = ICONS[section];
              return (
                <li key={section} className="shrink-0">
                  <NavLink
                    to={`/admin/${section}`}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 whitespace-nowrap px-3 py-3 text-sm font-medium transition md:rounded-xl md:py-2',
                        'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
                        isActive
                          ? 'border-b-2 border-accent text-accent md:border-b-0 md:bg-surface-2'
                          : 'border-b-2 border-transparent text-muted hover:text-fg md:border-b-0',
                      )
                    }
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {t(`nav.${section}`)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6">
          {section === 'home' ? (
            <Navigate to="/admin/people" replace />
          ) : section === null ? (
            notFound
          ) : (
            SECTIONS[section]()
          )}
        </main>
      </div>
    </div>
  );
}
