import { Menu } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { LanguageSwitcher } from '../../features/preferences/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/theme-toggle.tsx';
import { Sidebar } from './sidebar.tsx';

/**
 * Sidebar beside the content on wide screens; on phones the sidebar is a drawer behind the menu
 * button (focus is trapped inside it and Escape closes it).
 */
export function AppShell({
  headerStart,
  headerEnd,
  children,
}: {
  headerStart?: ReactNode;
  headerEnd?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The Root wraps the whole shell so the menu button is the drawer's Trigger: closing the drawer
  // (Escape, overlay, a link) returns focus to it.
  return (
    <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <div className="flex h-dvh overflow-hidden">
        <aside
          className="hidden w-72 shrink-0 overflow-y-auto border-r border-border md:block"
          aria-label={t('nav.sidebar')}
        >
          <Sidebar />
        </aside>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
          <RadixDialog.Content
            className="fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] overflow-y-auto border-r border-border shadow-2xl focus:outline-none md:hidden"
            aria-describedby={undefined}
            data-testid="sidebar-drawer"
          >
            <RadixDialog.Title className="sr-only">{t('nav.sidebar')}</RadixDialog.Title>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
          </RadixDialog.Content>
        </RadixDialog.Portal>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 shrink-0 items-center gap-1 border-b border-border px-2 sm:px-3">
            <RadixDialog.Trigger
              className={buttonClass('ghost', 'icon', 'md:hidden')}
              aria-label={t('nav.openMenu')}
              data-testid="open-menu"
            >
              <Menu className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Trigger>
            <div className="flex min-w-0 flex-1 items-center">{headerStart}</div>
            {headerEnd}
            <LanguageSwitcher />
            <ThemeToggle />
          </header>
          <main id="main" className="flex min-h-0 flex-1 flex-col">
            {children}
          </main>
        </div>
      </div>
    </RadixDialog.Root>
  );
}
