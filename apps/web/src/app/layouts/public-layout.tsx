import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LanguageSwitcher } from '../../features/preferences/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/theme-toggle.tsx';

/** Pages outside the app shell: auth screens, payment, policies, not-found. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center gap-2 border-b border-border px-2 sm:px-4">
        <Link
          to="/web-main"
          className={buttonClass('ghost', 'sm', 'h-10')}
          aria-label={`${t('nav.backToChat')}: Polymath`}
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          <img src="/favicon.svg" alt="" className="h-6 w-6" width={24} height={24} />
          <span className="font-bold">Polymath</span>
        </Link>
        <span className="flex-1" />
        <LanguageSwitcher />
        <ThemeToggle />
      </header>
      <main id="main" className={`mx-auto w-full flex-1 px-4 py-8 sm:py-12 ${wide ? 'max-w-4xl' : 'max-w-md'}`}>
        {children}
      </main>
      <footer className="border-t border-border px-4 py-6 text-center text-sm text-muted">
        <nav aria-label={t('legal.label')} className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link className="hover:text-fg hover:underline" to="/terms-and-conditions">
            {t('legal.terms')}
          </Link>
          <Link className="hover:text-fg hover:underline" to="/privacy-policy">
            {t('legal.privacy')}
          </Link>
          <Link className="hover:text-fg hover:underline" to="/refund-policy">
            {t('legal.refund')}
          </Link>
        </nav>
        <p className="mt-3">© 2026 Polymath</p>
      </footer>
    </div>
  );
}
