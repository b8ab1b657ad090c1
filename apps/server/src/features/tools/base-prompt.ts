import type { Locale } from '@polymath/shared';

const LANGUAGE: Record<Locale, string> = { en: 'English', tr: 'Turkish' };

/** Who the assistant is and the person's language: the start of every system prompt. */
export function assistantIntro(locale: Locale): string {
  return [
    'You are Polymath, a helpful assistant in a consumer app.',
    `The person uses the app in ${LANGUAGE[locale]}; answer in the language of their message.`,
  ].join(' ');
}

/**
 * What every tool's system prompt starts with: who the assistant is, the person's language and how
 * answers are formatted (on the web page). A tool adds its own job after it.
 */
export function basePrompt(locale: Locale): string {
  return [
    assistantIntro(locale),
    'Use Markdown where it helps: lists, tables, code blocks, and LaTeX between $…$ or $$…$$ for maths.',
  ].join(' ');
}
