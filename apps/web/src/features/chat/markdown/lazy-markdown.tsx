import { lazy, memo, Suspense } from 'react';

const load = () => import('./markdown-renderer.tsx');
const MarkdownRenderer = lazy(load);

/** Starts loading the renderer early (e.g. when a message is sent) so the answer never waits for it. */
export function preloadMarkdown(): void {
  void load();
}

/** The answer as plain text, while the markdown renderer loads. */
function PlainText({ text }: { text: string }) {
  return <div className="whitespace-pre-wrap break-words">{text}</div>;
}

/**
 * Markdown for answers. The renderer (markdown, math, highlighting) is its own chunk, loaded on
 * first use, so the chat route stays small; memoised on the text, so finished parts never re-render.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
});
