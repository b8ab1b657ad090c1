import { Dialog as RadixDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './sidebar.tsx';

/**
 * The sidebar as a drawer on phones (focus trapped inside, Escape or the overlay closes it, then focus
 * goes back to the menu button). Loaded when the menu button is first used, with the dialog's code (B7).
 */
export default function SidebarDrawer({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <RadixDialog.Content
          className="fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] overflow-y-auto border-r border-border shadow-2xl focus:outline-none md:hidden"
          aria-describedby={undefined}
          data-testid="sidebar-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <RadixDialog.Title className="sr-only">{t('nav.sidebar')}</RadixDialog.Title>
          <Sidebar onNavigate={() => onOpenChange(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
