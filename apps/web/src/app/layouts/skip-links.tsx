import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The element a skip link moves focus to: the page's main content carries this id. */
export const MAIN_ID = 'main';
const MESSAGE_BOX_ID = 'chat-input';

/**
 * The first stops of Tab on an app page (WCAG 2.4.1): past the sidebar and the header, to the message
 * box and to the main content. Hidden until focused, then shown over the page's top-left corner.
 */
export function SkipLinks({ toMessageBox }: { toMessageBox: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {toMessageBox ? <SkipLink target={MESSAGE_BOX_ID}>{t('skip.toMessageBox')}</SkipLink> : null}
      <SkipLink target={MAIN_ID}>{t('skip.toMain')}</SkipLink>
    </>
  );
}

function SkipLink({ target, children }: { target: string; children: string }) {
  // Focus is moved here rather than by the address's fragment, which would add a history entry for
  // the router; a message box not on the page (yet) sends focus to the main content instead.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target) ?? document.getElementById(MAIN_ID);
    if (!element) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      data-skip-link
      // not-sr-only resets the padding, so it is given again with the focus that shows the link.
      className="sr-only rounded-xl bg-bg text-sm font-semibold text-accent shadow-xl ring-2 ring-accent focus:not-sr-only focus:fixed focus:left-3 focus:top-2 focus:z-[60] focus:px-4 focus:py-2.5 focus:outline-none"
    >
      {children}
    </a>
  );
}
