import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';
import { policies as en } from './content/en.ts';
import type { PolicyId } from './content/policy-types.ts';
import { policies as tr } from './content/tr.ts';

/**
 * A policy page in the current language: title, last update, intro and sections. `extras` adds a
 * live part to the end of the section with that id (the privacy policy's tracking choice).
 */
export function PolicyArticle({ id, extras }: { id: PolicyId; extras?: Partial<Record<string, ReactNode>> }) {
  const { t, i18n } = useTranslation();
  const doc = (i18n.resolvedLanguage === 'tr' ? tr : en)[id];
  const updated = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(doc.updated),
  );
  return (
    <article className="flex flex-col gap-6 leading-relaxed">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{doc.title}</h1>
        <p className="mt-2 text-sm text-muted">{t('legal.updated', { date: updated })}</p>
      </header>
      <p>{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {groupParagraphs(section.paragraphs).map((block) =>
            Array.isArray(block) ? (
              <ul key={block[0]} className="ml-5 list-disc space-y-1.5">
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p key={block}>{block}</p>
            ),
          )}
          {section.id ? extras?.[section.id] : null}
        </section>
      ))}
    </article>
  );
}

/** Consecutive "- " paragraphs become one list. */
function groupParagraphs(paragraphs: string[]): (string | string[])[] {
  const out: (string | string[])[] = [];
  for (const p of paragraphs) {
    if (p.startsWith('- ')) {
      const last = out.at(-1);
      if (Array.isArray(last)) last.push(p.slice(2));
      else out.push([p.slice(2)]);
    } else out.push(p);
  }
  return out;
}
