import { Menu } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { LanguageSwitcher } from '../../features/preferences/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/theme-toggle.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_ID, SkipLinks } from './skip-links.tsx';

const loadDrawer = () => import('./sidebar-drawer.tsx');
const SidebarDrawer = lazy(loadDrawer);

/**
 * Sidebar beside the content on wide screens; on phones the sidebar is a drawer behind the menu
 * button (sidebar-drawer.tsx, loaded when the button is first used). Skip links come first: to the
 * message box on a chat page (`messageBox`), and to the main content.
 */
export function AppShell({
  headerStart,
  headerEnd,
  messageBox = false,
  children,
}: {
  headerStart?: ReactNode;
  headerEnd?: ReactNode;
  messageBox?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex h-dvh overflow-hidden">
      <SkipLinks toMessageBox={messageBox} />
      <aside
        className="hidden w-72 shrink-0 overflow-y-auto border-r border-border md:block"
        aria-label={t('nav.sidebar')}
      >
        <Sidebar />
      </aside>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} returnFocus={menuButton} />
        </Suspense>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-1 border-b border-border px-2 sm:px-3">
          <button
            ref={menuButton}
            type="button"
            className={buttonClass('ghost', 'icon', 'md:hidden')}
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            data-testid="open-menu"
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="flex min-w-0 flex-1 items-center">{headerStart}</div>
          {headerEnd}
          <LanguageSwitcher />
          <ThemeToggle />
        </header>
        {/* Focusable from the skip link only (-1): Tab then goes on inside it. */}
        <main id={MAIN_ID} tabIndex={-1} className="flex min-h-0 flex-1 flex-col focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
