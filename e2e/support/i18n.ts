import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { policies as enPolicies } from '../../apps/web/src/features/policies/content/en.ts';
import type { PolicyId, PolicySet } from '../../apps/web/src/features/policies/content/policy-types.ts';
import { policies as trPolicies } from '../../apps/web/src/features/policies/content/tr.ts';

/**
 * The app's own translation files, read at test time: the tests expect whatever text a locale file
 * says, so a copy change does not break them, but a missing or untranslated screen does.
 */
export type Locale = 'en' | 'tr';
export const LOCALES: Locale[] = ['en', 'tr'];
type Namespace = string;

const webSrc = resolve(import.meta.dirname, '../../apps/web/src');
const cache = new Map<string, unknown>();

/** A namespace's file: a tool's own in its folder (features/tools/<ns>/locales/), the others in locales/<locale>/. */
function namespace(locale: Locale, ns: Namespace): unknown {
  const toolFile = resolve(webSrc, 'features/tools', ns, 'locales', `${locale}.json`);
  const file = existsSync(toolFile) ? toolFile : resolve(webSrc, 'locales', locale, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return cache.get(file);
}

/** The text of `ns:dotted.key` (namespace defaults to common) in a locale; throws if it is missing. */
export function t(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [Namespace, string]) : (['common', key] as const);
  let node: unknown = namespace(locale, ns);
  for (const part of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No text for ${locale}:${key} in the locale files`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

const POLICIES: Record<Locale, PolicySet> = { en: enPolicies, tr: trPolicies };

export function policyTitle(locale: Locale, id: PolicyId): string {
  return POLICIES[locale][id].title;
}
