import './markdown.css';
import { ImageIcon } from 'lucide-react';
import { type ComponentProps, memo, use, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../copy-button.tsx';
import { PageCitationButton, useDocumentCitations } from '../document-citations.tsx';
import { markdownBlocks } from './markdown-blocks.ts';
import { EXTERNAL_LINK_REL, markdownUrlTransform, safeHttpUrl, urlHost } from './markdown-policy.ts';
import { remarkPageCitations } from './page-citations-plugin.ts';

/**
 * Raw HTML is never rendered (react-markdown shows it as text). The sanitizer runs before KaTeX and
 * highlighting so their generated markup survives; it keeps the math classes remark-math sets.
 */
const sanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    // Page citations (remarkPageCitations): the class, the pages and the document name, nothing else.
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'pdf-cite'], 'dataPages', 'dataDocument'],
  },
};

type PluggableList = NonNullable<Options['rehypePlugins']>;
type MathModule = typeof import('./markdown-math.ts');
type HighlightModule = typeof import('./markdown-highlight.ts');

// One promise each, kept: once resolved, React's use() returns the module without suspending.
let mathModule: Promise<MathModule> | undefined;
let highlightModule: Promise<HighlightModule> | undefined;
const loadMath = () => {
  mathModule ??= import('./markdown-math.ts');
  return mathModule;
};
const loadHighlight = () => {
  highlightModule ??= import('./markdown-highlight.ts');
  return highlightModule;
};

/** remark-math syntax ($…$, $$…$$) or a ```math block. A price ("$5") loads math too; harmless. */
const MATH_HINT = /\$|```\s*math/;
/** A fenced code block (only fenced blocks name a language to highlight). */
const CODE_HINT = /```|~~~/;

function plugins(math: MathModule | null, highlight: HighlightModule | null, citations: boolean) {
  const remarkPlugins: PluggableList = math ? [remarkGfm, math.remarkMath] : [remarkGfm];
  if (citations) remarkPlugins.push(remarkPageCitations);
  const rehypePlugins: PluggableList = [[rehypeSanitize, sanitizeSchema]];
  if (math) rehypePlugins.push([math.rehypeKatex, { strict: 'ignore' }]);
  if (highlight) rehypePlugins.push(highlight.rehypeHighlight);
  return { remarkPlugins, rehypePlugins };
}

type HastLike = {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: unknown };
  children?: HastLike[];
};

function hastText(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(hastText).join('');
}

function codeLanguage(pre: HastLike | undefined): string | undefined {
  const code = pre?.children?.find((c) => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return undefined;
  const lang = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return lang?.slice('language-'.length);
}

/** A citation marker a tool turned into a link: its text is "[n]" (web search's numbered sources). */
const CITATION = /^\[(\d{1,3})\]$/;

function Link({ href, children }: ComponentProps<'a'>) {
  const { t } = useTranslation('chat');
  const safe = safeHttpUrl(href);
  if (!safe) return <span data-testid="md-unlinked">{children}</span>;
  const citation = typeof children === 'string' ? CITATION.exec(children) : null;
  if (citation) {
    return (
      <a
        href={safe}
        target="_blank"
        rel={EXTERNAL_LINK_REL}
        className="citation"
        aria-label={t('markdown.citation', { n: citation[1] })}
        title={t('markdown.citation', { n: citation[1] })}
        data-testid="citation"
      >
        {citation[1]}
      </a>
    );
  }
  return (
    <a href={safe} target="_blank" rel={EXTERNAL_LINK_REL}>
      {children}
    </a>
  );
}

/** Images are never loaded by themselves: a link says what and where, and opens only when clicked. */
function ImageLink({ src, alt }: ComponentProps<'img'>) {
  const { t } = useTranslation('chat');
  const label = alt?.trim() || t('markdown.imageUntitled');
  const safe = typeof src === 'string' ? safeHttpUrl(src) : null;
  if (!safe) {
    return <span className="text-muted">{t('markdown.imageNoLink', { alt: label })}</span>;
  }
  return (
    <a
      href={safe}
      target="_blank"
      rel={EXTERNAL_LINK_REL}
      className="inline-flex items-center gap-1"
      data-testid="md-image-link"
    >
      <ImageIcon className="inline h-4 w-4 shrink-0" aria-hidden="true" />
      {t('markdown.image', { alt: label, host: urlHost(safe) })}
    </a>
  );
}

function CodeBlock({ node, children, ...props }: ComponentProps<'pre'> & { node?: unknown }) {
  const { t } = useTranslation('chat');
  const hast = node as HastLike | undefined;
  const lang = codeLanguage(hast);
  return (
    <div className="chat-code">
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1 text-xs text-muted">
        <span className="truncate font-mono">{lang ?? t('markdown.code')}</span>
        <CopyButton text={() => hastText(hast).replace(/\n$/, '')} label={t('markdown.copyCode')} testId="code-copy" />
      </div>
      <pre {...props}>{children}</pre>
    </div>
  );
}

function Table({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) {
  return (
    <div className="chat-table">
      <table {...props} />
    </div>
  );
}

/** A span of the answer: a page citation becomes its button; any other span stays a span. */
function Span({ node, className, children, ...props }: ComponentProps<'span'> & { node?: unknown }) {
  const data = props as Record<string, unknown>;
  if (typeof className === 'string' && className.split(' ').includes('pdf-cite')) {
    const pages = String(data['data-pages'] ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const name = String(data['data-document'] ?? '');
    return (
      <PageCitationButton text={hastText(node as HastLike)} pages={pages} {...(name ? { documentName: name } : {})} />
    );
  }
  return (
    <span className={className} {...props}>
      {children}
    </span>
  );
}

const components: Components = {
  a: ({ node: _node, ...props }) => <Link {...props} />,
  span: Span,
  img: ({ node: _node, ...props }) => <ImageLink {...props} />,
  pre: CodeBlock,
  table: Table,
};

type Plugins = ReturnType<typeof plugins>;

/**
 * One top-level block of an answer. Memoised on its text and the plugins: while an answer streams
 * only its last block changes, so only that one is parsed and rendered again.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, plugins }: { text: string; plugins: Plugins }) {
  return (
    <ReactMarkdown
      remarkPlugins={plugins.remarkPlugins}
      rehypePlugins={plugins.rehypePlugins}
      components={components}
      urlTransform={markdownUrlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * An answer's markdown: GFM tables, math (KaTeX), highlighted code with a copy button. Math and
 * highlighting are loaded the first time an answer needs them. The answer is rendered block by block
 * (markdown-blocks.ts), so a streaming answer costs the parse of its last block, not of all of it;
 * React may also defer that behind more urgent updates (typing stays smooth).
 */
function MarkdownRenderer({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const math = MATH_HINT.test(deferred) ? use(loadMath()) : null;
  const highlight = CODE_HINT.test(deferred) ? use(loadHighlight()) : null;
  const citations = (useDocumentCitations()?.documents.length ?? 0) > 0;
  const blockPlugins = useMemo(() => plugins(math, highlight, citations), [math, highlight, citations]);
  const blocks = useMemo(() => markdownBlocks(deferred), [deferred]);
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        // Blocks only grow at the end while streaming, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownBlock key={index} text={block} plugins={blockPlugins} />
      ))}
    </div>
  );
}

export default memo(MarkdownRenderer);
