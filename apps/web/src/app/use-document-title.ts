import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** Each route names itself in the tab title (`handle.title` in router.tsx), so screen readers announce the page. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
    | { title: string }
    | undefined;
  const title = key ? t(key.title) : null;
  useEffect(() => {
    document.title = title ? `${title} · Polymath` : 'Polymath';
  }, [title]);
}
